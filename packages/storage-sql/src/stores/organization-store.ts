import type { Knex } from 'knex';
import type { Organization, OrganizationSettings } from '@intake/core';
import type { OrganizationStore } from '@intake/core/ports';
import { countOf, toIso, toNumber, type Row } from './normalize.js';

const fromRow = (row: Record<string, unknown>): Organization => ({
  id: String(row.id),
  name: String(row.name),
  plan: row.plan as Organization['plan'],
  rate_limit_per_minute: row.rate_limit_per_minute === null ? null : toNumber(row.rate_limit_per_minute),
  low_balance_threshold: toNumber(row.low_balance_threshold),
  metadata_search_enabled: Boolean(row.metadata_search_enabled),
  created_at: toIso(row.created_at),
});

export class SqlOrganizationStore implements OrganizationStore {
  constructor(private readonly knex: Knex) {}

  async insert(org: Organization): Promise<void> {
    await this.knex('organizations').insert(org);
  }

  async get(id: string): Promise<Organization | null> {
    const row = await this.knex<Row>('organizations').where({ id }).first();
    return row ? fromRow(row) : null;
  }

  async list(): Promise<Organization[]> {
    const rows = await this.knex('organizations').orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
    return rows.map(fromRow);
  }

  async update(id: string, changes: OrganizationSettings): Promise<Organization | null> {
    if (Object.keys(changes).length === 0) return this.get(id);
    const rows = await this.knex<Row>('organizations').where({ id }).update(changes).returning('*');
    return rows[0] ? fromRow(rows[0]) : null;
  }

  count(): Promise<number> {
    return countOf(this.knex('organizations').count({ count: '*' }));
  }
}
