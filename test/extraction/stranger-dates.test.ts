import { describe, expect, it } from 'vitest';
import { makeContent } from '../../packages/extraction-lab/src/synthetic/document.js';
import { printDate, type PrintStyle } from '../../packages/extraction-lab/src/synthetic/formats.js';
import { createRandom } from '../../packages/extraction-lab/src/synthetic/random.js';
import {
  paymentSentence,
  restyleDates,
  withBalance,
  withMoreDates,
  type StrangerDates,
} from '../../packages/extraction-lab/src/synthetic/stranger-dates.js';
import { vocabularyOf } from '../../packages/extraction-lab/src/synthetic/vocabulary.js';

/**
 * The stranger layouts' other dates and amounts (stranger-dates.ts): what the page prints beside
 * the document's own date and total, while the ground truth stays the date and the gross total.
 */

const none: StrangerDates = {
  extra: 'none',
  extraFirst: false,
  footerDate: false,
  sentence: false,
  balance: false,
  netLabel: 'usual',
  style: 'kept',
  stylePick: 0,
};

const styleOf = (language: 'en' | 'de' | 'fr' | 'es' | 'nl', dates: PrintStyle['dates']): PrintStyle => ({
  numbers: 'comma-dot',
  dates,
  currency: { code: 'EUR', symbol: '€', before: false, useCode: true },
  months: vocabularyOf(language).months,
  language,
});

describe('written date styles', () => {
  it('print the day with its language words, a cut month, capitals and bare numbers', () => {
    expect(printDate('2024-03-03', styleOf('en', 'd-ord-month-y'))).toBe('3rd March 2024');
    expect(printDate('2024-03-11', styleOf('en', 'd-ord-month-y'))).toBe('11th March 2024');
    expect(printDate('2024-03-22', styleOf('en', 'd-ord-month-y'))).toBe('22nd March 2024');
    expect(printDate('2024-03-03', styleOf('de', 'd-ord-month-y'))).toBe('3. März 2024');
    expect(printDate('2024-03-01', styleOf('fr', 'd-ord-month-y'))).toBe('le 1er mars 2024');
    expect(printDate('2024-03-03', styleOf('es', 'd-ord-month-y'))).toBe('3 de marzo de 2024');
    expect(printDate('2024-03-03', styleOf('en', 'mon-dot-d-y'))).toBe('Mar. 3 2024');
    expect(printDate('2024-03-03', styleOf('en', 'd-mon-yy-caps'))).toBe('03-MAR-24');
    expect(printDate('2024-03-03', styleOf('de', 'dmy-dot-bare'))).toBe('3.3.24');
  });
});

describe('other dates and amounts on a stranger invoice', () => {
  const content = { ...makeContent(createRandom(1), { kind: 'invoice', language: 'de' }), date: '2024-03-15' };
  const dmy = { ...content, style: { ...content.style, dates: 'dmy-dot' as const } };
  const rows: [string, string][] = [
    ['Rechnungs-Nr.', 'RE-1'],
    ['Rechnungsdatum', '15.03.2024'],
  ];

  it('a service period of the month before stands before or after the date row', () => {
    const first = withMoreDates(rows, dmy, { ...none, extra: 'period', extraFirst: true }, createRandom(2));
    expect(first[1]![1]).toBe('01.02.-29.02.2024');
    expect(first[2]).toEqual(rows[1]);
    const after = withMoreDates(rows, dmy, { ...none, extra: 'period' }, createRandom(2));
    expect(after[2]![1]).toBe('01.02.-29.02.2024');
  });

  it('a payment and the balance follow the total, whose label then names the gross', () => {
    const summary: [string, string][] = [
      ['Zwischensumme', '100.00'],
      ['MwSt.', '19.00'],
      ['Zu zahlen', '119.00'],
    ];
    const total = { ...content, total: 119 };
    const { lines, due } = withBalance(summary, total, { ...none, balance: true }, createRandom(3));
    expect(lines).toHaveLength(5);
    expect(lines[2]![0]).not.toBe('Zu zahlen');
    expect(due).toBeGreaterThan(0);
    expect(due).toBeLessThan(119);
    const sentence = paymentSentence(
      { ...dmy, total: 119, secondDate: '2024-04-14' },
      { ...none, sentence: true },
      due,
    );
    expect(sentence).toContain('bis zum 14.04.2024');
  });

  it('the written style replaces the document style, the dates themselves stay', () => {
    const restyled = restyleDates(content, { ...none, style: 'more', stylePick: 0 });
    expect(restyled.style.dates).toBe('d-ord-month-y');
    expect(restyled.date).toBe(content.date);
  });
});
