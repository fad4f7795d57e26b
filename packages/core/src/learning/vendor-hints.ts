/**
 * What corrections teach about a vendor: for each field, the words printed beside or above its
 * value (its anchor). Stored per organization; recognised by the vendor's keys.
 */
import type { FieldHint } from '../extraction/index.js';

/** One vendor of an organization and what was learned about it. */
export interface VendorHints {
  /** Form `vh_<id>`. */
  id: string;
  org_id: string;
  /** How the vendor is recognised: `vat:DE123456789`, `iban:DE89...`, `name:acme gmbh` (any one matches). */
  keys: string[];
  /** The vendor's name as last corrected or confirmed (for people; not a key by itself). */
  name: string | null;
  /** By top-level field name. */
  fields: Record<string, FieldHint>;
  created_at: string;
  updated_at: string;
}
