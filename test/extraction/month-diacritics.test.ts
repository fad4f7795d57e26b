import { describe, expect, it } from 'vitest';
import { findDates } from '../../packages/core/src/extraction/values/dates.js';
import { extractInvoice, lines, oneItemTable } from './synthetic.js';

/**
 * Month names are searched in text folded to its letters without diacritics, so every listed name
 * counts in that form too: the lexicon lists a name as it is printed ("października", "wrzesień"),
 * not once more without its accents.
 */

describe('a month named with diacritics', () => {
  it.each([
    ['15 października 2021 r.', '2021-10-15'],
    ['3 września 2024', '2024-09-03'],
    ['1 grudzień 2023', '2023-12-01'],
    ['20 styczeń 2022', '2022-01-20'],
    ['7 février 2024', '2024-02-07'],
    ['12. März 2024', '2024-03-12'],
  ])('is a date: %s', (text, iso) => {
    expect(findDates(text).map((d) => d.iso)).toEqual([iso]);
  });

  it("is the invoice's date and due date beside their labels", () => {
    const data = extractInvoice([
      ...lines(50, 60, ['Mazowsze Handel Sp. k.', 'ul. Długa 22', '50-001 Wrocław']),
      { x: 330, y: 60, text: 'Faktura nr' },
      { x: 450, y: 60, text: 'F72330' },
      { x: 330, y: 75, text: 'Data wystawienia' },
      { x: 450, y: 75, text: '15 października 2021 r.' },
      { x: 330, y: 90, text: 'Termin płatności' },
      { x: 450, y: 90, text: '22 października 2021 r.' },
      ...oneItemTable('1.250,00 zł'),
      { x: 50, y: 700, text: 'Wydrukowano 4 czerwca 2020 r.' },
    ]);
    expect(data.invoice_date).toBe('2021-10-15');
    expect(data.due_date).toBe('2021-10-22');
  });
});
