/** Reasons to look at a field that come from the values against each other, not from one rule. */
import type { Job } from '../types.js';

const AMOUNTS = ['subtotal', 'tax_amount', 'total_amount'] as const;

/**
 * What the values say against each other, per field: subtotal + tax != total (to the cent) on each
 * of the three, and a duplicate verdict (whatever its action) on each field that matched the
 * earlier job. These are the reasons, beside the API's own validation errors, to look at a field.
 */
export function crossChecks(job: Job): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (field: string, problem: string): void => void found.set(field, [...(found.get(field) ?? []), problem]);
  const data = job.extracted_data ?? {};
  const [subtotal, tax, total] = AMOUNTS.map((name) => data[name]);
  if (typeof subtotal === 'number' && typeof tax === 'number' && typeof total === 'number') {
    const sum = Math.round((subtotal + tax) * 100) / 100;
    if (Math.abs(sum - total) > 0.005)
      for (const name of AMOUNTS) add(name, `subtotal + tax is ${sum}, not the total ${total} (cross-check)`);
  }
  const duplicate = job.duplicate;
  if (duplicate)
    for (const name of duplicate.matched)
      add(name, `the same as in ${duplicate.of}, which this document may duplicate (${duplicate.matched.join(', ')})`);
  return found;
}
