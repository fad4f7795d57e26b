import { createHash } from 'node:crypto';
import { fold } from '../../extraction/index.js';
import type { EmailIngestionConfig } from '../prefixes/index.js';
import type { DuplicateSettings, JobDuplicate } from '../../jobs/index.js';

/** The shape a job keeps lives with the job record; the verdicts are decided here. */
export type { DuplicateSettings, JobDuplicate } from '../../jobs/index.js';

/** The spec's default: invoice number together with vendor. */
export const DEFAULT_MATCH_FIELDS = ['invoice_number', 'vendor_name'] as const;

const LEGAL_FORMS = new Set([
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'llc',
  'plc',
  'gmbh',
  'ag',
  'kg',
  'ug',
  'bv',
  'nv',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'sl',
  'oy',
  'ab',
  'as',
  'co',
  'corp',
  'corporation',
  'company',
  'sdn',
  'bhd',
  'pte',
  'pty',
]);

/**
 * Values compared as people mean them: invoice numbers without spaces, dashes or case
 * ("INV-0042" = "inv 0042"), vendor names folded and without legal forms ("Acme GmbH" = "ACME"),
 * anything else folded. Empty means absent.
 */
export function normalizeMatchValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects take the JSON branch; the rest are primitives
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const folded = fold(text);
  if (/vendor|supplier|seller|merchant|customer|buyer|name/.test(field)) {
    return folded
      .split(' ')
      .filter((w) => w && !LEGAL_FORMS.has(w))
      .join(' ');
  }
  if (/number|no$|_id$|reference/.test(field)) return folded.replace(/\s+/g, '');
  return folded;
}

/** A key equal for documents whose match fields are all present and equal once normalized; null if one is missing. */
export function duplicateKey(matchFields: readonly string[], data: Record<string, unknown> | null): string | null {
  if (!data || matchFields.length === 0) return null;
  const parts: string[] = [];
  for (const field of [...matchFields].sort()) {
    const value = normalizeMatchValue(field, data[field]);
    if (!value) return null;
    parts.push(`${field}=${value}`);
  }
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/** A prefix's duplicate settings, or null when detection is off. */
export function duplicateSettingsOf(
  config: Pick<EmailIngestionConfig, 'duplicateDetection'>,
): DuplicateSettings | null {
  const d = config.duplicateDetection;
  return d.enabled ? { matchFields: [...d.matchFields], lookbackHours: d.lookbackHours, action: d.action } : null;
}

/** Settings without a verdict yet (the check after extraction still applies). */
export const settingsOnly = (settings: DuplicateSettings | null): JobDuplicate | undefined =>
  settings ? { settings, verdict: null } : undefined;
