/**
 * What corrections teach about a vendor: for each field, the words printed beside or above its
 * value (its anchor). Stored per organization; recognised by the vendor's keys.
 */

/** Where one field's value stands relative to its anchor words. */
export interface FieldHint {
  /** The anchor's words as printed, each folded (lower case, no diacritics, punctuation as space): ["beleg kennung"] for "Beleg-Kennung". */
  anchor: string[];
  /** The value follows the anchor on its line, or stands in the lines below it. */
  position: 'right' | 'below';
  /** The job it was learned from. */
  learned_from: string;
}

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
