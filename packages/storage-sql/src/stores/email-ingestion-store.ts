import type { Knex } from 'knex';
import type { EmailIngestionConfig, StoredEmailIngestionConfig } from '@intake/core/email';
import type { EmailIngestionStore, InsertEmailIngestionOutcome } from '@intake/core/ports';
import { fromJson, toIso, toJson, type Row } from './normalize.js';

const TABLE = 'email_ingestion_configs';

const fromRow = (row: Record<string, unknown>): StoredEmailIngestionConfig => ({
  org_id: String(row.org_id),
  prefix: String(row.prefix),
  config: fromJson<EmailIngestionConfig>(row.config),
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
});

export class SqlEmailIngestionStore implements EmailIngestionStore {
  constructor(private readonly knex: Knex) {}

  async insert(record: StoredEmailIngestionConfig): Promise<InsertEmailIngestionOutcome> {
    // `on conflict do nothing` decides in the database, so concurrent creators of one prefix cannot both win.
    const rows = await this.knex(TABLE)
      .insert({ ...record, config: toJson(record.config) })
      .onConflict('prefix')
      .ignore()
      .returning('prefix');
    return rows.length > 0 ? { outcome: 'inserted' } : { outcome: 'prefix_taken' };
  }

  async get(orgId: string, prefix: string): Promise<StoredEmailIngestionConfig | null> {
    const row = await this.knex<Row>(TABLE).where({ org_id: orgId, prefix }).first();
    return row ? fromRow(row) : null;
  }

  async findByPrefix(prefix: string): Promise<StoredEmailIngestionConfig | null> {
    const row = await this.knex<Row>(TABLE).where({ prefix }).first();
    return row ? fromRow(row) : null;
  }

  async list(orgId: string): Promise<StoredEmailIngestionConfig[]> {
    const rows = await this.knex(TABLE)
      .where({ org_id: orgId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'prefix', order: 'desc' },
      ]);
    return rows.map(fromRow);
  }

  async update(
    orgId: string,
    prefix: string,
    config: EmailIngestionConfig,
    updatedAt: string,
  ): Promise<StoredEmailIngestionConfig | null> {
    const rows = await this.knex<Row>(TABLE)
      .where({ org_id: orgId, prefix })
      .update({ config: toJson(config), updated_at: updatedAt })
      .returning('*');
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async delete(orgId: string, prefix: string): Promise<boolean> {
    // `returning` rather than the affected count: the PGlite dialect does not report counts for deletes.
    const rows = await this.knex(TABLE).where({ org_id: orgId, prefix }).delete().returning('prefix');
    return rows.length > 0;
  }
}
