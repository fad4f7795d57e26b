import { describe, expect, it } from 'vitest';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { labelledNames } from '../../packages/core/src/extraction/fields/labelled-names.js';
import { doc, type Placed } from './synthetic.js';

/**
 * Column headings wrap in narrow cells ("Taux | de | taxe", "Prix | de | base", "Precio | de |
 * venta"), and the words of one height across the cells make a line "des  de  base  taxes":
 * its "de" stands alone in its cell like a weak seller label ("De :"), with "base" beside it. A
 * weak label without its colon beside a word in lower case names no one (`labelledNames` in
 * fields/labelled-names.ts); one with its colon, or beside a capital, still does.
 */

const sellersNamed = (placed: Placed[]) =>
  labelledNames(createContext(doc(placed), []), ['vendor_name'], 'vendor_name').map((c) => c.value);

/** Words of one line, each in a cell of its own. */
const cells = (y: number, words: string[]): Placed[] => words.map((text, i) => ({ x: 40 + i * 70, y, text }));

describe('a preposition in a wrapped heading', () => {
  it.each([
    ['French', ['des', 'de', 'base', 'taxes']],
    ['Spanish', ['Precio', 'de', 'venta']],
    ['Dutch', ['Datum', 'van', 'levering']],
  ])('names no seller (%s)', (_, words) => {
    expect(sellersNamed(cells(260, words))).toEqual([]);
  });

  it('a weak label with its colon, or beside a capital, names the seller', () => {
    expect(sellersNamed([{ x: 40, y: 60, text: 'De : Biscuiterie du Port' }])).toEqual(['Biscuiterie du Port']);
    expect(sellersNamed(cells(60, ['Van', 'Kaashandel Van Dijk']))).toContain('Kaashandel Van Dijk');
  });
});
