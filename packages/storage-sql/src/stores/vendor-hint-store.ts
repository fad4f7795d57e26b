import type { Knex } from 'knex';
import { type VendorHints } from '@intake/core/learning';
import { type VendorHintStore } from '@intake/core/ports';

import { toIso, toJson, toTextOrNull, type Row } from './normalize.js';

const fromRow = (r: Record<string, unknown>): VendorHints => ({
  id: String(r.id),
  org_id: String(r.org_id),
  keys: r.keys as string[],
  name: toTextOrNull(r.name),
  fields: r.fields as VendorHints['fields'],
  created_at: toIso(r.created_at),
  updated_at: toIso(r.updated_at),
});

/** Vendor hints; `keys` is a jsonb array searched with `?|` (any of the keys), served by a GIN index. */
export class SqlVendorHintStore implements VendorHintStore {
  constructor(private readonly knex: Knex) {}

  async find(orgId: string, keys: string[]): Promise<VendorHints | null> {
    if (keys.length === 0) return null;
    const row = await this.knex('vendor_hints')
      .where({ org_id: orgId })
      .whereRaw('keys \\?| ?::text[]', [keys])
      .orderBy([
        { column: 'updated_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async save(vendor: VendorHints): Promise<void> {
    const row = { ...vendor, keys: toJson(vendor.keys), fields: toJson(vendor.fields) };
    await this.knex('vendor_hints').insert(row).onConflict('id').merge(['keys', 'name', 'fields', 'updated_at']);
  }

  async list(orgId: string): Promise<VendorHints[]> {
    const rows = await this.knex('vendor_hints')
      .where({ org_id: orgId })
      .orderBy([
        { column: 'updated_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    return rows.map(fromRow);
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const rows = await this.knex('vendor_hints').where({ org_id: orgId, id }).delete().returning('id');
    return rows.length > 0;
  }
}
