import type { Knex } from 'knex';
import type { Environment } from '@intake/core';
import type { ClassificationExample, TriageItemRecord, TriageResolution, TriageStatus } from '@intake/core/email';
import type {
  ClassificationExampleStore,
  ClassificationResult,
  TriageItemStore,
  TriageListFilter,
} from '@intake/core/ports';
import { countOf, fromJson, toIso, toIsoOrNull, toJson, toNumber, toTextOrNull, type Row } from './normalize.js';

const ITEMS = 'review_items';
const EXAMPLES = 'classification_examples';

const text = toTextOrNull;

/** Both drivers return booleans; a text rendering ('t'/'true') is accepted too. */
const bool = (value: unknown): boolean => value === true || value === 't' || value === 'true' || value === 1;

const itemFromRow = (r: Record<string, unknown>): TriageItemRecord => ({
  id: String(r.id),
  org_id: String(r.org_id),
  environment: r.environment as Environment,
  prefix: String(r.prefix),
  message_id: String(r.message_id),
  attachment_index: toNumber(r.attachment_index),
  filename: String(r.filename),
  mime_type: String(r.mime_type),
  size_bytes: toNumber(r.size_bytes),
  blob_key: String(r.blob_key),
  classification: fromJson<ClassificationResult>(r.classification),
  classification_failed: bool(r.classification_failed),
  proposed_type: String(r.proposed_type),
  from_address: text(r.from_address),
  subject: text(r.subject),
  status: r.status as TriageStatus,
  resolved_type: text(r.resolved_type),
  job_id: text(r.job_id),
  resolved_by: text(r.resolved_by),
  resolved_at: toIsoOrNull(r.resolved_at),
  created_at: toIso(r.created_at),
});

export class SqlTriageItemStore implements TriageItemStore {
  constructor(private readonly knex: Knex) {}

  async insert(item: TriageItemRecord): Promise<void> {
    await this.knex(ITEMS).insert({ ...item, classification: toJson(item.classification) });
  }

  async list(
    orgId: string,
    mode: Environment,
    filter: TriageListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: TriageItemRecord[]; total: number }> {
    const scoped = () => {
      const q = this.knex(ITEMS).where({ org_id: orgId, environment: mode });
      if (filter.status !== undefined) q.andWhere({ status: filter.status });
      if (filter.prefix !== undefined) q.andWhere({ prefix: filter.prefix });
      return q;
    };
    const [rows, total] = await Promise.all([
      scoped()
        .orderBy([
          { column: 'created_at', order: 'asc' },
          { column: 'id', order: 'asc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      countOf(scoped().count({ count: '*' })),
    ]);
    return { items: (rows as Record<string, unknown>[]).map(itemFromRow), total };
  }

  async get(orgId: string, mode: Environment | null, id: string): Promise<TriageItemRecord | null> {
    const row = await this.knex<Row>(ITEMS)
      .where({ org_id: orgId, id, ...(mode ? { environment: mode } : {}) })
      .first();
    return row ? itemFromRow(row) : null;
  }

  /**
   * One conditional update: PostgreSQL re-checks `status = 'pending'` after waiting for a concurrent
   * resolver's row lock, so of two reviewers at once exactly one gets the row back.
   */
  async resolve(
    orgId: string,
    mode: Environment,
    id: string,
    resolution: TriageResolution,
  ): Promise<TriageItemRecord | null> {
    const rows = await this.knex(ITEMS)
      .where({ org_id: orgId, environment: mode, id, status: 'pending' })
      .update({
        status: resolution.status,
        resolved_type: resolution.resolved_type,
        job_id: resolution.job_id,
        resolved_by: resolution.resolved_by,
        resolved_at: resolution.resolved_at,
      })
      .returning('*');
    const row = (rows as Record<string, unknown>[])[0];
    return row ? itemFromRow(row) : null;
  }
}

export class SqlClassificationExampleStore implements ClassificationExampleStore {
  constructor(private readonly knex: Knex) {}

  async add(example: ClassificationExample): Promise<void> {
    await this.knex(EXAMPLES).insert({
      org_id: example.org_id,
      environment: example.environment,
      document_type: example.document_type,
      sender_domain: example.sender_domain,
      tokens: toJson(example.tokens),
      created_at: example.created_at,
    });
  }

  async list(orgId: string, mode: Environment, limit: number): Promise<ClassificationExample[]> {
    const rows = await this.knex<Row>(EXAMPLES)
      .where({ org_id: orgId, environment: mode })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('org_id', 'environment', 'document_type', 'sender_domain', 'tokens', 'created_at');
    return rows.map((r) => ({
      org_id: String(r.org_id),
      environment: r.environment as Environment,
      document_type: String(r.document_type),
      sender_domain: text(r.sender_domain),
      tokens: fromJson<string[]>(r.tokens),
      created_at: toIso(r.created_at),
    }));
  }
}
