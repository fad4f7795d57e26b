import type { Knex } from 'knex';
import type { VendorPaymentStore } from '@intake/core/ports';
import type { RememberedPaymentDetails } from '@intake/core/vendors';
import { fromJson, toIso, toJson, type Row } from './normalize.js';

const fromRow = (r: Row): RememberedPaymentDetails => ({
  org_id: String(r.org_id),
  vendor_key: String(r.vendor_key),
  details: fromJson<RememberedPaymentDetails['details']>(r.details),
  job_id: String(r.job_id),
  last_seen_at: toIso(r.last_seen_at),
});

/** Payment details per organization and vendor: one row each, the latest sighting wins. */
export class SqlVendorPaymentStore implements VendorPaymentStore {
  constructor(private readonly knex: Knex) {}

  async get(orgId: string, vendorKey: string): Promise<RememberedPaymentDetails | null> {
    const row = await this.knex('vendor_payment_details')
      .where({ org_id: orgId, vendor_key: vendorKey })
      .first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  /** One statement: concurrent writers (other daemons too) serialise on the row, the later sighting stays. */
  async remember(entry: RememberedPaymentDetails): Promise<void> {
    await this.knex.raw(
      `insert into vendor_payment_details (org_id, vendor_key, details, job_id, last_seen_at)
       values (?, ?, ?::jsonb, ?, ?)
       on conflict (org_id, vendor_key) do update
          set details = excluded.details, job_id = excluded.job_id, last_seen_at = excluded.last_seen_at
        where vendor_payment_details.last_seen_at <= excluded.last_seen_at`,
      [entry.org_id, entry.vendor_key, toJson(entry.details), entry.job_id, entry.last_seen_at],
    );
  }
}
