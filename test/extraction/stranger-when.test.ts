import { beforeAll, describe, expect, it } from 'vitest';
import { makeContent } from '../../packages/extraction-lab/src/synthetic/document.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { createRandom } from '../../packages/extraction-lab/src/synthetic/random.js';
import { chooseStrangerWhen } from '../../packages/extraction-lab/src/synthetic/stranger-when.js';
import {
  escapeRegExp,
  layoutChoice,
  readStrangerDocuments,
  sha256,
  squeezeSpaces as squeeze,
  vocabularyOfDocument,
} from './generated-documents.js';

/**
 * Where and how a stranger document prints its own date (packages/extraction-lab/src/synthetic/
 * stranger-when.ts): in the title, in a dateline under the place, under a paired label, with its
 * weekday or a two-digit year, an English page's country (money, place, date order), payment
 * terms. Every choice is drawn, each page prints what its layout note says, the ground truth stays
 * the document's date, and the same seed draws the same bytes.
 */
const SEED = 20261201;
const COUNT = 40;

let docs: SyntheticDocument[];
let texts: string[];

beforeAll(async () => {
  const read = await readStrangerDocuments(SEED, COUNT, squeeze);
  // A page set in a symbol font (LibreOffice's OpenSymbol among the system's fonts) reads no words:
  // only pages whose title reads are checked.
  const readable = read.docs.map((d, i) =>
    Object.values(vocabularyOfDocument(d).titles)
      .flat()
      .some((title) => read.texts[i]!.toLowerCase().includes(title.toLowerCase())),
  );
  docs = read.docs.filter((_, i) => readable[i]);
  texts = read.texts.filter((_, i) => readable[i]);
}, 180_000);

const dateField = (d: SyntheticDocument) =>
  d.expected.document_type === 'purchase_order' ? 'order_date' : 'invoice_date';
/** A pattern of the vocabulary as a regular expression: `{date}` the printed date, other slots any words. */
const patternOf = (pattern: string, date: string) =>
  new RegExp(
    escapeRegExp(pattern)
      .replace(/\\\{date\\\}/, escapeRegExp(date))
      .replace(/le (?=\S*\d|le )/, '(?:le )?')
      .replace(/\\\{\w+\\\}/g, '.+'),
  );

describe('stranger dates: the choices', () => {
  it('draws every place, form, country and the terms', () => {
    const seen = new Set<string>();
    const layout = { identity: { place: 'usual' }, sellers: { place: 'as-drawn' }, parties: { order: 'usual' } };
    for (let seed = 0; seed < 300; seed++) {
      const content = makeContent(createRandom(seed), { kind: 'invoice', language: 'en' });
      const { content: printed, layout: chosen } = chooseStrangerWhen(
        { ...content, secondDate: content.secondDate ?? '2099-01-01' },
        { ...layout, issuer: { legal: [] } },
        createRandom(seed + 1000),
      );
      const { when } = chosen;
      for (const trait of [`place=${when.place}`, `form=${when.form}`, `region=${when.region}`, `terms=${when.terms}`])
        seen.add(trait);
      // The ground truth is the document's own date; a country changes its money and place only.
      expect(printed.date).toBe(content.date);
      if (when.region !== 'as-drawn') {
        expect(printed.style.currency.code).not.toBe('');
        expect(printed.seller.lines[0]).toBe(content.seller.lines[0]);
        expect(chosen.issuer.legal).toHaveLength(1);
      }
    }
    for (const trait of ['row', 'title', 'dateline', 'paired'].map((p) => `place=${p}`)) expect(seen).toContain(trait);
    for (const trait of ['kept', 'weekday', 'short-year'].map((f) => `form=${f}`)) expect(seen).toContain(trait);
    for (const region of ['as-drawn', 'au', 'nz', 'sg', 'hk', 'ca', 'in', 'uk', 'ie', 'us'])
      expect(seen).toContain(`region=${region}`);
    expect(seen).toContain('terms=true');
  });

  it('leaves a dateline out where a block takes the top right', () => {
    for (let seed = 0; seed < 100; seed++) {
      const content = makeContent(createRandom(seed), { kind: 'invoice', language: 'de' });
      const layout = {
        identity: { place: 'right-top' },
        sellers: { place: 'as-drawn' },
        parties: { order: 'usual' },
        issuer: { legal: [] },
      };
      expect(chooseStrangerWhen(content, layout, createRandom(seed)).layout.when.place).not.toBe('dateline');
    }
  });
});

describe('stranger dates: the pages', () => {
  it('prints the own date where and as the layout says', () => {
    const places = new Set<string>();
    for (const [i, d] of docs.entries()) {
      if (!/ date-place=/.test(d.expected.synthetic.layout)) continue;
      const text = texts[i]!;
      const v = vocabularyOfDocument(d).when;
      const printed = d.expected.synthetic.printed[dateField(d)]!;
      const place = layoutChoice(d, 'date-place');
      const form = layoutChoice(d, 'date-form');
      places.add(place);
      expect(d.expected.fields[dateField(d)], d.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(text, `${d.name} ${place}`).toContain(squeeze(printed));
      if (form === 'weekday')
        expect(printed, d.name).toMatch(
          new RegExp(`${[...v.weekdays, ...v.weekdays_short].map(escapeRegExp).join('|')}`),
        );
      if (form === 'short-year') expect(printed, d.name).toMatch(/\d{2}[./-]\d{2}[./-]\d{2}$/);
      const line = text.split('\n').find((l) => l.includes(squeeze(printed)))!;
      if (place === 'title')
        expect(
          v.title_dates.some((p) => patternOf(p, printed).test(line)),
          line,
        ).toBe(true);
      if (place === 'dateline')
        expect(
          v.datelines.some((p) => patternOf(p, printed).test(line)),
          line,
        ).toBe(true);
      if (place === 'paired') {
        const kind = d.expected.document_type === 'purchase_order' ? 'purchase_order' : 'invoice';
        expect(
          v.paired_labels[kind].some((label) => text.includes(label)),
          d.name,
        ).toBe(true);
      }
    }
    expect([...places].sort()).toEqual(['dateline', 'paired', 'row', 'title']);
  });

  it("prints an English page's country: its money, place and date order", () => {
    let regions = 0;
    for (const [i, d] of docs.entries()) {
      const region = / date-region=(\S+)/.exec(d.expected.synthetic.layout)?.[1];
      if (!region || region === 'as-drawn') continue;
      regions++;
      const country = vocabularyOfDocument(d).when.regions!.find((r) => r.name === region)!;
      expect(d.expected.synthetic.dates, d.name).toBe(country.dayFirst ? 'dmy-slash' : 'mdy-slash');
      expect(texts[i], d.name).toMatch(new RegExp(`${escapeRegExp(country.symbol)}|${country.code}`));
      expect(country.places.some((p) => texts[i]!.includes(p))).toBe(true);
    }
    expect(regions).toBeGreaterThan(0);
  });

  it('prints payment terms whose days lead from the date to the due date', () => {
    let terms = 0;
    for (const [i, d] of docs.entries()) {
      if (!/ date-terms=true/.test(d.expected.synthetic.layout)) continue;
      terms++;
      const { invoice_date: date, due_date: due } = d.expected.fields as Record<string, string>;
      const days = Math.round((Date.parse(due!) - Date.parse(date!)) / 86_400_000);
      const v = vocabularyOfDocument(d).when;
      expect(
        v.terms.some((t) => texts[i]!.includes(t.replace('{days}', String(days)))),
        d.name,
      ).toBe(true);
    }
    expect(terms).toBeGreaterThan(0);
  });

  it('draws the same bytes for the same seed', async () => {
    const at = docs.findIndex((d) => / date-place=title/.test(d.expected.synthetic.layout));
    const again = await generateDocument(SEED, at, 'text', availableFonts(), 'stranger');
    expect(sha256(again.bytes)).toBe(sha256(docs[at]!.bytes));
  });
});
