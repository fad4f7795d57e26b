import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { buildTurnedLines } from '../../packages/core/src/extraction/layout/turned-lines.js';
import type { CandidateRanker } from '../../packages/core/src/extraction/ranking/ranker.js';
import { shippedRanker } from '../../packages/core/src/extraction/ranking/shipped.js';
import { doc, lines, page, type Placed } from './synthetic.js';

/**
 * Text that does not run left to right: legal details up the margin (turned 90 degrees, read
 * bottom to top), a printer's code down the other margin (-90), a stamp or watermark across the
 * body (45). Each such word's box is tall and narrow, or large, and among the page's rows it would
 * join or split every row beside it; it is read apart, in lines along its own direction.
 */

const LETTERHEAD: Placed[] = [
  { x: 60, y: 40, text: 'Atelier Lumière', height: 16 },
  { x: 60, y: 62, text: '12 rue des Tanneurs 69002 Lyon' },
  ...lines(60, 100, ['Société Dupont & Fils', '8 avenue Foch', '75008 Paris']),
  { x: 60, y: 160, text: 'FACTURE', height: 14 },
  { x: 60, y: 190, text: 'N° de facture' },
  { x: 200, y: 190, text: 'F2024-0312' },
  { x: 60, y: 206, text: 'Date de facture' },
  { x: 200, y: 206, text: '05.03.2024' },
  { x: 60, y: 250, text: 'Désignation' },
  { x: 300, y: 250, text: 'Qté' },
  { x: 420, y: 250, text: 'Montant HT' },
  { x: 60, y: 266, text: 'Lampe suspension laiton' },
  { x: 300, y: 266, text: '3' },
  { x: 420, y: 266, text: '3 750,00' },
  { x: 300, y: 300, text: 'Total HT' },
  { x: 420, y: 300, text: '3 750,00' },
  { x: 300, y: 316, text: 'TVA 20 %' },
  { x: 420, y: 316, text: '750,00' },
  { x: 300, y: 332, text: 'Total TTC' },
  { x: 420, y: 332, text: '4 500,00' },
];

/** Up the left margin from y 430 to y 58: beside every line of the letterhead and the table. */
const LEGAL_LINE = 'Atelier Lumière SARL · Capital 10 000 € · RCS Lyon 812 345 678';
const MARGIN: Placed = { x: 30, y: 430, turn: 90, text: LEGAL_LINE };
/** Down the right margin, beside the number, the date and the table. */
const PRINTER: Placed = { x: 575, y: 150, turn: -90, text: 'Formulaire 12-B Imprimerie Vidal' };
/** Two lines across the body at 45 degrees, the second 14 points under the first (along its own down). */
const STAMP: Placed[] = [
  { x: 200, y: 330, turn: 45, text: 'PAYÉ LE', height: 12 },
  { x: 200 + 14 * Math.SQRT1_2, y: 330 + 14 * Math.SQRT1_2, turn: 45, text: '07.03.2024', height: 12 },
];

const straightTexts = (placed: Placed[]) => buildLines(doc(placed)).map((l) => l.text);
const turnedTexts = (placed: Placed[]) => {
  const document = doc(placed);
  return buildTurnedLines(document, buildLines(document).length).map((l) => [l.turn, l.text]);
};

describe('turned lines', () => {
  it('keeps a line up the margin out of the rows it crosses, and reads it bottom to top', () => {
    expect(straightTexts([...LETTERHEAD, MARGIN])).toEqual(straightTexts(LETTERHEAD));
    expect(turnedTexts([...LETTERHEAD, MARGIN])).toEqual([[90, LEGAL_LINE]]);
  });

  it('reads a line down the right margin top to bottom, and a two-line stamp across the body line by line', () => {
    const page = [...LETTERHEAD, PRINTER, ...STAMP];
    expect(straightTexts(page)).toEqual(straightTexts(LETTERHEAD));
    expect(turnedTexts(page)).toEqual([
      [-90, 'Formulaire 12-B Imprimerie Vidal'],
      [45, 'PAYÉ LE'],
      [45, '07.03.2024'],
    ]);
  });

  it('leaves a page whose text mostly runs turned (a table printed sideways) in rows, as its reader gave it', () => {
    const sideways = LETTERHEAD.map((item, i) => ({ ...item, x: 560 - item.y, y: 60 + item.x + i, turn: -90 }));
    expect(straightTexts(sideways).length).toBeGreaterThan(0);
    expect(turnedTexts(sideways)).toEqual([]);
    // A stamp is no sideways print, even over fewer straight words than its own.
    expect(turnedTexts([LETTERHEAD[0]!, ...STAMP]).map(([, text]) => text)).toEqual(['PAYÉ LE', '07.03.2024']);
  });

  it('reads a line up and one down the margin that OCR gave as tall words with no direction', () => {
    // As tesseract reads a scan: each word of the margin lines in its tall box, no turn told.
    const scan = (placed: Placed[]): ReadDocument => {
      const read = doc([page(placed, { source: 'ocr' })]);
      return { ...read, pages: read.pages.map((p) => ({ ...p, words: p.words.map(({ turn: _, ...w }) => w) })) };
    };
    const lines = (read: ReadDocument) => {
      const straight = buildLines(read);
      return {
        straight: straight.map((l) => l.text),
        turned: buildTurnedLines(read, straight.length).map((l) => [l.turn, l.text]),
      };
    };
    const plain = lines(scan(LETTERHEAD));
    expect(plain.turned).toEqual([]);
    expect(lines(scan([...LETTERHEAD, MARGIN, PRINTER]))).toEqual({
      straight: plain.straight,
      turned: [
        [-90, 'Formulaire 12-B Imprimerie Vidal'],
        [90, LEGAL_LINE],
      ],
    });
  });

  it('numbers turned lines after the straight ones, so that an index names one line', () => {
    const document = doc([...LETTERHEAD, MARGIN]);
    const { lines: straight, turnedLines } = createContext(document, []);
    expect(straight.every((l) => l.turn === undefined)).toBe(true);
    expect(turnedLines!.map((l) => l.index)).toEqual([straight.length]);
  });

  it('extracts the same invoice with a margin line, a printer code and a stamp as without them', () => {
    const fields = [...RECOMMENDED_FIELDS.invoice];
    const plain = extractFields(doc(LETTERHEAD), fields, { documentType: 'invoice' }).extracted_data;
    const turned = extractFields(doc([...LETTERHEAD, MARGIN, PRINTER, ...STAMP]), fields, {
      documentType: 'invoice',
    }).extracted_data;
    expect(plain).toMatchObject({ vendor_name: 'Atelier Lumière', invoice_number: 'F2024-0312', total_amount: 4500 });
    expect(turned).toEqual(plain);
  });

  it("lets the legal line up the margin witness the seller's name, which is otherwise printed once", () => {
    // The name ranker held sure of the name, so that the cap on a name printed once is what is tested.
    const shipped = shippedRanker()!;
    const sure: CandidateRanker = {
      rank: (ctx, role, candidates, type) =>
        shipped
          .rank(ctx, role, candidates, type)
          .map((c) => (role === 'vendor_name' && c.value === 'Atelier Lumière' ? { ...c, score: 0.97 } : c))
          .sort((a, b) => b.score - a.score),
    };
    const confidence = (placed: Placed[]) =>
      extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice', ranker: sure }).confidence
        .vendor_name;
    expect(confidence(LETTERHEAD)).toBe(0.85);
    expect(confidence([...LETTERHEAD, MARGIN])).toBeGreaterThan(0.85);
  });
});
