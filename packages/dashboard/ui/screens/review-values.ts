/** What a person types on the review screen, as the value the API takes. */

const NUMBER_TYPES = new Set(['number', 'currency']);

/**
 * The text a person typed, as the value of the field's type: the original value's type says which,
 * or, for a field the extraction did not find, the extractor's type of it.
 */
export function parse(text: string, original: unknown, type?: string): unknown {
  if (text.trim() === '') return null;
  if (typeof original === 'number' || ((original === undefined || original === null) && NUMBER_TYPES.has(type ?? ''))) {
    const n = Number(text.replace(',', '.'));
    return Number.isNaN(n) ? text : n;
  }
  if (typeof original === 'boolean' || ((original === undefined || original === null) && type === 'boolean'))
    return text.trim().toLowerCase() === 'true';
  return text;
}
