import type { Migration } from './list.js';

/*
 * Bank details that changed: what a completed job read about where to pay and whom it is from,
 * the verdict when a vendor's details changed, and the details trusted per vendor (one row per
 * organization and vendor key, replaced by later sightings). Notifications gain the internal
 * event `payment_details_changed`.
 */
const STATEMENTS = [
  `alter table jobs add column payment_details jsonb`,
  `alter table jobs add column vendor_key text`,
  `alter table jobs add column payment_details_changed jsonb`,
  `create table vendor_payment_details (
     org_id text not null references organizations(id) on delete cascade,
     vendor_key text not null,
     details jsonb not null,
     job_id text not null,
     last_seen_at timestamptz(3) not null,
     primary key (org_id, vendor_key)
   )`,
  `alter table notifications drop constraint notifications_kind_check`,
  `alter table notifications add constraint notifications_kind_check check (kind in ('receipt_confirmation',
     'processing_complete', 'error', 'document_received', 'human_review_needed', 'erp_sync_failed',
     'payment_details_changed', 'digest'))`,
];

/** Payment details on jobs, the details remembered per vendor, and their notification event. */
export const vendorPaymentDetails: Migration = {
  id: 22,
  name: 'vendor_payment_details',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
