import { describe, expect, it } from 'vitest';
import { bandOf, percent, plural, readableName } from '../../packages/dashboard/ui/format.js';
import { fromWords, kindOf, parse } from '../../packages/dashboard/ui/screens/review-values.js';

describe('dashboard values: clicked words as a field type, percentages, plurals', () => {
  it('reads clicked words as the field type the way extraction does', () => {
    expect(fromWords('August 3 , 2014', 'date')).toBe('2014-08-03');
    expect(fromWords('14.03.2026', 'date')).toBe('2026-03-14');
    expect(fromWords('03/04/2026', 'date')).toBe('2026-04-03');
    expect(fromWords('03/04/2026', 'date', true)).toBe('2026-03-04');
    expect(fromWords('EUR 1.190,00', 'number')).toBe('1190');
    expect(fromWords('$1,234.56', 'number')).toBe('1234.56');
    expect(fromWords('42', 'number')).toBe('42');
    // Words that are no such value stay as they are, for the person to fix.
    expect(fromWords('Invoice', 'date')).toBe('Invoice');
    expect(fromWords('total', 'number')).toBe('total');
    expect(fromWords('August 3 , 2014', 'text')).toBe('August 3 , 2014');
  });

  it('knows a field kind from the extractor type, else from the extracted value', () => {
    expect(kindOf('x', 'date')).toBe('date');
    expect(kindOf(undefined, 'currency')).toBe('number');
    expect(kindOf(12, undefined)).toBe('number');
    expect(kindOf('2026-03-14', undefined)).toBe('date');
    expect(kindOf('INV-1', undefined)).toBe('text');
  });

  it('sends typed amounts and dates as values the API takes', () => {
    expect(parse('1.190,00', 1190)).toBe(1190);
    expect(parse('12,5', null, 'number')).toBe(12.5);
    expect(parse('August 3, 2014', null, 'date')).toBe('2014-08-03');
    expect(parse('2014-08-03', '2014-08-02', 'date')).toBe('2014-08-03');
    expect(parse('  ', 'x')).toBeNull();
    expect(parse('abc', 3)).toBe('abc');
  });

  it('cuts percentages instead of rounding them over a band boundary', () => {
    expect(percent(0.895)).toBe('89.5%');
    expect(percent(0.8999)).toBe('89.9%');
    expect(percent(0.9)).toBe('90%');
    expect(percent(0.57)).toBe('57%');
    expect(percent(1)).toBe('100%');
    expect(percent(0)).toBe('0%');
    expect(bandOf(0.895)).toBe('medium');
    expect(bandOf(0.9)).toBe('high');
  });

  it('says one and many', () => {
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    expect(plural(0, 'document')).toBe('0 documents');
    expect(plural(1, 'document')).toBe('1 document');
    expect(readableName('invoice_date')).toBe('Invoice date');
  });
});
