import type { Knex } from 'knex';
import type { ApiKey, Environment } from '@intake/core';
import type { StoredApiKey } from '@intake/core/keys';
import type { ApiKeyStore } from '@intake/core/ports';
import type { Page, PageRequest } from '@intake/core/shared';
import { countOf, fromJson, toIso, toIsoOrNull, toJson, toTextOrNull, type Row } from './normalize.js';

const PUBLIC_COLUMNS = [
  'id',
  'org_id',
  'name',
  'description',
  'environment',
  'scopes',
  'key_prefix',
  'created_at',
  'expires_at',
  'last_used_at',
  'revoked_at',
];

const fromRow = (row: Record<string, unknown>): ApiKey => ({
  id: String(row.id),
  org_id: String(row.org_id),
  name: String(row.name),
  description: toTextOrNull(row.description),
  environment: row.environment as ApiKey['environment'],
  scopes: fromJson<ApiKey['scopes']>(row.scopes),
  key_prefix: String(row.key_prefix),
  created_at: toIso(row.created_at),
  expires_at: toIsoOrNull(row.expires_at),
  last_used_at: toIsoOrNull(row.last_used_at),
  revoked_at: toIsoOrNull(row.revoked_at),
});

export class SqlApiKeyStore implements ApiKeyStore {
  constructor(private readonly knex: Knex) {}

  async insert(key: StoredApiKey): Promise<void> {
    await this.knex('api_keys').insert({ ...key, scopes: toJson(key.scopes) });
  }

  async findByHash(keyHash: string): Promise<StoredApiKey | null> {
    const row = await this.knex<Row>('api_keys').where({ key_hash: keyHash }).first();
    return row ? { ...fromRow(row), key_hash: String(row.key_hash) } : null;
  }

  async get(orgId: string, environment: Environment, id: string): Promise<ApiKey | null> {
    const row = await this.knex<Row>('api_keys')
      .select(PUBLIC_COLUMNS)
      .where({ org_id: orgId, environment, id })
      .first();
    return row ? fromRow(row) : null;
  }

  async list(orgId: string, environment: Environment, page: PageRequest): Promise<Page<ApiKey>> {
    const [rows, total] = await Promise.all([
      this.knex('api_keys')
        .select(PUBLIC_COLUMNS)
        .where({ org_id: orgId, environment })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      countOf(this.knex('api_keys').where({ org_id: orgId, environment }).count({ count: '*' })),
    ]);
    return { items: rows.map(fromRow), total };
  }

  async revoke(orgId: string, environment: Environment, id: string, at: string): Promise<ApiKey | null> {
    const rows = await this.knex<Row>('api_keys')
      .where({ org_id: orgId, environment, id })
      .update({ revoked_at: this.knex.raw('coalesce(revoked_at, ?::timestamptz)', [at]) })
      .returning(PUBLIC_COLUMNS);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    await this.knex('api_keys').where({ id }).update({ last_used_at: at });
  }
}
