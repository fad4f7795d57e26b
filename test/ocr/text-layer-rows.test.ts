import { describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { sharedReader } from '../support/reader.js';
import { helveticaWidth, textPdf, type PdfText } from './documents.js';

/**
 * Lines of a text layer as a browser prints them: a large title at the left, and beside it at the
 * right a block of small lines set close together (CSS's normal line height), two of which lie
 * within the title's height. Each small line is a row of its own; before rows refused a word that
 * stands over one of theirs, both joined the title's row and their words interleaved
 * ("Berg Bahnhofstraße Technik AG 213"). And a large logo line beside the title, 0.9 to 1.2 word
 * heights apart, is a segment of its own, as browsers' letterheads set them.
 */
const reader = sharedReader();

// The title's band (size 26 at baseline 760) spans two small lines (size 9, 9.8 apart: a line height
// of 1.09, where each line's box is 1.12 em high), whose centres are both within half a line of its centre.
const PAGE: PdfText[] = [
  { text: 'RECHNUNG', x: 48, y: 760, size: 26 },
  { text: 'Berg Technik AG', x: 455, y: 770.8, size: 9 },
  { text: 'Bahnhofstraße 213', x: 460, y: 761, size: 9 },
  { text: '20095 Hamburg', x: 474, y: 751.2, size: 9 },
  { text: 'Rechnungs-Nr.', x: 330, y: 700, size: 9 },
  { text: '2020/34969', x: 490, y: 700, size: 9 },
];

describe('Text layer rows and segments', () => {
  it('keeps the lines of a block beside a large title apart, one row each', async () => {
    const document = await reader.read(await textPdf([PAGE]), 'application/pdf');
    const lines = buildLines(document);
    const segments = lines.flatMap((l) => l.segments.map((s) => s.text));
    // Each small line whole, as a segment of its own (one may share the title's row).
    for (const text of ['Berg Technik AG', 'Bahnhofstraße 213', '20095 Hamburg']) expect(segments).toContain(text);
    const block = lines.filter((l) => /Berg|Bahnhof|Hamburg/.test(l.text));
    expect(block).toHaveLength(3);
    expect(lines.map((l) => l.text)).toContain('Rechnungs-Nr. 2020/34969');
  });

  it('still joins a label and its value of different sizes on one row', async () => {
    const page: PdfText[] = [
      { text: 'Total', x: 330, y: 500, size: 9 },
      { text: '1,234.56', x: 480, y: 499, size: 12 },
      { text: 'Thank you', x: 48, y: 470, size: 9 },
    ];
    const document = await reader.read(await textPdf([page]), 'application/pdf');
    expect(buildLines(document).map((l) => l.text)).toEqual(['Total 1,234.56', 'Thank you']);
  });

  it("parts a large logo line from the title beside it, and keeps a line's spaced words whole", async () => {
    // The logo (24 pt) and the title (20 pt) 26 pt apart: under the line's word height (27 pt),
    // more than 0.9 of it. A justified line's words stand 0.5 em apart.
    const logo = 'Harbor Logistics';
    const x = 50 + (await helveticaWidth(logo, 24)) + 26;
    const page: PdfText[] = [
      { text: logo, x: 50, y: 740, size: 24 },
      { text: 'PURCHASE ORDER', x, y: 740, size: 20 },
    ];
    let left = 50;
    for (const word of ['Payment', 'within', 'thirty', 'days']) {
      page.push({ text: word, x: left, y: 600, size: 10 });
      left += (await helveticaWidth(word, 10)) + 5;
    }
    const document = await reader.read(await textPdf([page]), 'application/pdf');
    const segments = buildLines(document).map((l) => l.segments.map((s) => s.text));
    expect(segments).toContainEqual([logo, 'PURCHASE ORDER']);
    expect(segments).toContainEqual(['Payment within thirty days']);
  });
});
