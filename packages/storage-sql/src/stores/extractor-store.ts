import type { Knex } from 'knex';
import type { Environment, Extractor } from '@intake/core';
import type { ExtractorFilter, ExtractorStore } from '@intake/core/ports';
import type { Page, PageRequest } from '@intake/core/shared';
import { countOf, fromJson, toIso, toJson, toNumber, type Row } from './normalize.js';

const fromRow = (row: Record<string, unknown>): Extractor => ({
  id: String(row.id),
  org_id: String(row.org_id),
  name: String(row.name),
  document_type: String(row.document_type),
  field_definitions: fromJson<Extractor['field_definitions']>(row.field_definitions),
  is_active: Boolean(row.is_active),
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
  created_by: String(row.created_by),
  usage_count: toNumber(row.usage_count),
  test_usage_count: toNumber(row.test_usage_count ?? 0),
});

export class SqlExtractorStore implements ExtractorStore {
  constructor(private readonly knex: Knex) {}

  private live(orgId: string) {
    return this.knex<Row>('extractors').where({ org_id: orgId }).whereNull('deleted_at');
  }

  async insert(extractor: Extractor): Promise<void> {
    await this.knex<Row>('extractors').insert({ ...extractor, field_definitions: toJson(extractor.field_definitions) });
  }

  async get(orgId: string, id: string): Promise<Extractor | null> {
    const row = await this.live(orgId).andWhere({ id }).first();
    return row ? fromRow(row) : null;
  }

  async getIncludingDeleted(orgId: string, id: string): Promise<(Extractor & { deleted: boolean }) | null> {
    const row = await this.knex<Row>('extractors').where({ org_id: orgId, id }).first();
    return row ? { ...fromRow(row), deleted: row.deleted_at !== null } : null;
  }

  async incrementUsage(orgId: string, id: string, mode: Environment = 'live'): Promise<void> {
    const column = mode === 'test' ? 'test_usage_count' : 'usage_count';
    await this.knex('extractors').where({ org_id: orgId, id }).increment(column, 1);
  }

  async list(orgId: string, filter: ExtractorFilter, page: PageRequest): Promise<Page<Extractor>> {
    const filtered = () => {
      const q = this.live(orgId);
      if (filter.document_type !== undefined) q.andWhere({ document_type: filter.document_type });
      if (filter.is_active !== undefined) q.andWhere({ is_active: filter.is_active });
      return q;
    };
    const [rows, total] = await Promise.all([
      filtered()
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      countOf(filtered().count({ count: '*' })),
    ]);
    return { items: rows.map(fromRow), total };
  }

  async update(orgId: string, id: string, changes: Partial<Extractor>): Promise<Extractor | null> {
    const values: Record<string, unknown> = { ...changes };
    if (changes.field_definitions !== undefined) values.field_definitions = toJson(changes.field_definitions);
    const rows = await this.live(orgId).andWhere({ id }).update(values).returning('*');
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async delete(orgId: string, id: string, at: string): Promise<boolean> {
    const count = await this.live(orgId).andWhere({ id }).update({ deleted_at: at });
    return toNumber(count) > 0;
  }
}
