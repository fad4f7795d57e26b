/** Numbers as the screens print them: counts with their noun, confidences as percentages. */

/** "1 entry", "2 entries", "0 documents": the plural form unless the count is exactly one. */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** A list's total: "10,000+ documents" when the API stopped counting there (`total_capped`), else as plural. */
export const listTotal = (list: { total: number; total_capped?: boolean }, one: string, many = `${one}s`): string =>
  list.total_capped ? `${list.total.toLocaleString('en-US')}+ ${many}` : plural(list.total, one, many);

/**
 * A confidence (0 to 1) as a percentage to one decimal, cut rather than rounded: 0.895 is "89.5%"
 * and 0.8999 "89.9%", never "90%", so the number never reads as the band boundary it is under.
 * The small epsilon undoes binary fractions (0.57 * 1000 is 569.999...).
 */
export function percent(fraction: number): string {
  const tenths = Math.floor(fraction * 1000 + 1e-9);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}%`;
}

/** The confidence band a value falls in: high from 0.9, medium from 0.7, low below. */
export const bandOf = (c: number): 'high' | 'medium' | 'low' => (c >= 0.9 ? 'high' : c >= 0.7 ? 'medium' : 'low');

/** `invoice_date` as "Invoice date": a readable label for a field the extractor did not describe. */
export const readableName = (name: string): string => {
  const words = name.replace(/[_.-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
};
