/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. Text
 * that a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
 * leading apostrophe first (OWASP's CSV injection advice); numbers are written as numbers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV line, CRLF-terminated as RFC 4180 says. */
export const csvLine = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
