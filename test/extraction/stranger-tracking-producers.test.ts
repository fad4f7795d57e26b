import type { ReadDocument } from '@intake/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import {
  chromiumPath,
  openHtmlPrinter,
  type HtmlPrinter,
} from '../../packages/extraction-lab/src/synthetic/render-html.js';
import { systemFontFamilies } from '../../packages/extraction-lab/src/synthetic/render-html-style.js';
import {
  openOfficePrinter,
  sofficePath,
  type OfficePrinter,
} from '../../packages/extraction-lab/src/synthetic/render-office.js';
import { sharedReader } from '../support/reader.js';
import { layoutChoice, longestGlyphRun, titleOnLines, tracksTitle } from './generated-documents.js';

/**
 * Letter-spaced titles as Chromium (CSS letter-spacing) and LibreOffice (character spacing) print
 * them (stranger-tracking.ts): one glyph a word in the text layer, whole on the extraction's lines.
 * Skips a producer the machine lacks.
 */
const SEED = 5160;
const COUNT = 24;
const fonts = availableFonts();
const reader = sharedReader();
const chromium = chromiumPath();
const soffice = sofficePath();

/** The documents whose title is tracked and set in the head, each with its read. */
async function trackedTitles(docs: SyntheticDocument[]): Promise<{ doc: SyntheticDocument; read: ReadDocument }[]> {
  const tracked = docs.filter(tracksTitle);
  return Promise.all(tracked.map(async (doc) => ({ doc, read: await reader.read(doc.bytes, 'application/pdf') })));
}

describe.skipIf(!chromium)('letter-spaced titles printed by Chromium', () => {
  const docs: SyntheticDocument[] = [];
  let printer: HtmlPrinter | undefined;

  beforeAll(async () => {
    printer = await openHtmlPrinter(chromium);
    const producer = { printer, families: systemFontFamilies() };
    for (let i = 0; i < COUNT; i++)
      docs.push(await generateDocument(SEED, i, 'text', fonts, 'stranger', { chromium: producer }));
  }, 180_000);

  afterAll(async () => {
    await printer?.close();
  });

  it('are one glyph a word in the text layer and whole on the lines', async () => {
    const tracked = await trackedTitles(docs);
    expect(tracked.length).toBeGreaterThanOrEqual(3);
    for (const { doc, read } of tracked) {
      expect(longestGlyphRun(read), doc.name).toBeGreaterThanOrEqual(4);
      // At 0.12 em pdfjs keeps one space between every two glyphs and none wider: the words run together.
      expect(titleOnLines(doc, read, layoutChoice(doc, 'tracking-em') !== '0.12'), doc.name).toBe(true);
    }
  });
});

describe.skipIf(!soffice)('letter-spaced titles printed by LibreOffice', () => {
  let docs: SyntheticDocument[] = [];
  let office: OfficePrinter | undefined;

  beforeAll(async () => {
    office = openOfficePrinter(soffice);
    // Asked for together, the documents go to one soffice run.
    docs = await Promise.all(
      Array.from({ length: COUNT }, (_, i) => generateDocument(SEED, i, 'text', fonts, 'stranger', { office })),
    );
  }, 240_000);

  afterAll(async () => {
    await office?.close();
  });

  it('are one glyph a word in the text layer and whole on the lines', async () => {
    // At 0.5 em a long title wraps in the template's 6.5 cm cell: its lines are no longer one run.
    const tracked = (await trackedTitles(docs)).filter(({ doc }) => layoutChoice(doc, 'tracking-em') !== '0.5');
    expect(tracked.length).toBeGreaterThanOrEqual(3);
    for (const { doc, read } of tracked) {
      expect(longestGlyphRun(read), doc.name).toBeGreaterThanOrEqual(4);
      // At 0.12 em pdfjs keeps one space between every two glyphs and none wider: the words run together.
      expect(titleOnLines(doc, read, layoutChoice(doc, 'tracking-em') !== '0.12'), doc.name).toBe(true);
    }
  });
});
