import { beforeAll, describe, expect, it } from 'vitest';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import {
  escapeRegExp,
  layoutChoice,
  readStrangerDocuments,
  sha256,
  vocabularyOfDocument,
  squeezeSpaces as squeeze,
  sellerName,
} from './generated-documents.js';

/**
 * The stranger layouts' issuer (packages/extraction-lab/src/synthetic/stranger-issuer.ts): a sole
 * trader or practice named after its owner with no legal form, a department line under the
 * seller's name, and a footer legal line naming a managing person and a register. Every choice
 * occurs in 40 documents of one seed, and each document prints its ground truth in the chosen form.
 */
const SEED = 20261142;
const COUNT = 40;

let docs: SyntheticDocument[];
let texts: string[];

beforeAll(async () => {
  ({ docs, texts } = await readStrangerDocuments(SEED, COUNT, squeeze));
}, 180_000);

describe('stranger issuer: how small and European issuers print themselves', () => {
  it('draws every choice, and the same seed draws the same document', async () => {
    const choices = (name: string) => new Set(docs.map((d) => layoutChoice(d, name)));
    expect(choices('issuer')).toEqual(new Set(['company', 'person']));
    expect(choices('department')).toEqual(new Set(['true', 'false']));
    expect(choices('legal-line')).toEqual(new Set(['true', 'false']));
    expect(choices('owner-line')).toEqual(new Set(['true', 'false']));
    expect(choices('seat')).toEqual(new Set(['true', 'false']));
    const again = await generateDocument(SEED, 5, 'text', availableFonts(), 'stranger');
    expect(sha256(again.bytes)).toBe(sha256(docs[5]!.bytes));
  });

  it("names a person's business after its owner, with no legal form, and the ground truth follows", () => {
    const people = docs.filter((d) => layoutChoice(d, 'issuer') === 'person');
    expect(people.length).toBeGreaterThan(4);
    for (const d of people) {
      const v = vocabularyOfDocument(d);
      const name = sellerName(d);
      const shapes = v.sole_traders.map(
        (t) => new RegExp(`^${escapeRegExp(t).replace('\\{owner\\}', '.+ .+').replace('\\{last\\}', '.+')}$`),
      );
      expect(
        shapes.some((s) => s.test(name)),
        `${d.name}: ${name}`,
      ).toBe(true);
      expect(v.legal_forms.some((f) => name.endsWith(` ${f}`))).toBe(false);
      const printed = d.expected.synthetic.printed.vendor_name ?? d.expected.synthetic.printed.supplier_name!;
      const text = texts[docs.indexOf(d)]!.replace(/\n/g, ' ');
      // A name over two lines reads with its parts apart; each part is printed.
      for (const part of printed.split(' ')) expect(text, d.name).toContain(part);
    }
    const companies = docs.filter((d) => layoutChoice(d, 'issuer') === 'company');
    expect(
      companies.some((d) => vocabularyOfDocument(d).legal_forms.some((f) => sellerName(d).endsWith(` ${f}`))),
    ).toBe(true);
  });

  it("prints a department line right under the seller's name in its block", () => {
    const blocks = docs.filter(
      (d) =>
        layoutChoice(d, 'department') === 'true' &&
        layoutChoice(d, 'split') === 'false' &&
        (layoutChoice(d, 'order') === 'letterhead' ||
          /^(from-block|right-top)$/.test(layoutChoice(d, 'identity')) ||
          (layoutChoice(d, 'identity') === 'usual' && /^(right|bottom)$/.test(layoutChoice(d, 'seller')))),
    );
    expect(blocks.length).toBeGreaterThan(1);
    for (const d of blocks) {
      const lines = texts[docs.indexOf(d)]!.split('\n');
      const printed = d.expected.synthetic.printed.vendor_name ?? d.expected.synthetic.printed.supplier_name!;
      // Every line the name is printed on (a small line under a title as well as the block's).
      const at = lines.flatMap((l, i) => (l.endsWith(printed) || l.startsWith(printed) ? [i] : []));
      expect(at.length, `${d.name}: ${printed}`).toBeGreaterThan(0);
      // The next line of the block (after an owner's line); a labelled row beside the block (a
      // date the document prints among its values) may come between in reading order.
      const under = at.map((i) => lines.slice(i + 1, i + 4).join(' | '));
      expect(
        under.some((u) => vocabularyOfDocument(d).departments.some((w) => u.includes(w))),
        `${d.name}: ${under.join(' || ')}`,
      ).toBe(true);
    }
  });

  it("prints a person's business's owner right under its name in its block, and no company's", () => {
    const owned = docs.filter((d) => layoutChoice(d, 'owner-line') === 'true');
    expect(owned.every((d) => layoutChoice(d, 'issuer') === 'person')).toBe(true);
    const blocks = owned.filter(
      (d) =>
        layoutChoice(d, 'split') === 'false' &&
        (/^(from-block|right-top)$/.test(layoutChoice(d, 'identity')) ||
          (layoutChoice(d, 'identity') === 'usual' && /^(right|bottom)$/.test(layoutChoice(d, 'seller')))),
    );
    expect(blocks.length).toBeGreaterThan(0);
    for (const d of blocks) {
      const v = vocabularyOfDocument(d);
      const lines = texts[docs.indexOf(d)]!.split('\n');
      const printed = d.expected.synthetic.printed.vendor_name ?? d.expected.synthetic.printed.supplier_name!;
      const owners = v.owner_lines.flatMap((t) => v.owners.map((o) => squeeze(t.replace('{owner}', o))));
      const at = lines.findIndex((l) => owners.some((o) => l.includes(o)));
      expect(at, d.name).toBeGreaterThan(0);
      expect(lines.slice(Math.max(0, at - 2), at).join(' | '), d.name).toContain(printed);
    }
  });

  it("runs a company's footer legal line on after its name with its seat or capital", () => {
    const seated = docs.filter((d) => layoutChoice(d, 'seat') === 'true');
    expect(seated.every((d) => layoutChoice(d, 'issuer') === 'company')).toBe(true);
    const footers = seated.flatMap((d) => {
      const footer = footerOf(d);
      const name = d.expected.synthetic.printed.vendor_name ?? d.expected.synthetic.printed.supplier_name!;
      return footer?.includes(name) ? [{ d, footer, name }] : [];
    });
    expect(footers.length).toBeGreaterThan(0);
    for (const { d, footer, name } of footers) {
      const seats = vocabularyOfDocument(d).seats.map((t) => squeeze(t.split('{place}')[0]!).trim());
      const after = footer.slice(footer.indexOf(name) + name.length).trim();
      expect(
        seats.some((s) => after.startsWith(s)),
        `${d.name}: ${footer}`,
      ).toBe(true);
    }
  });

  it("prints a managing person and a register in the seller's footer legal line", () => {
    const legal = docs.filter(
      (d) =>
        layoutChoice(d, 'legal-line') === 'true' &&
        layoutChoice(d, 'order') === 'usual' &&
        // A country's registration (stranger-when.ts) takes the register's place in the legal line.
        layoutChoice(d, 'date-region') === 'as-drawn' &&
        footerOf(d) !== undefined,
    );
    expect(legal.length).toBeGreaterThan(1);
    for (const d of legal) {
      const v = vocabularyOfDocument(d);
      const footer = footerOf(d)!;
      expect(
        v.legal_registers.some((r) => footer.includes(r)),
        `${d.name}: ${footer}`,
      ).toBe(true);
      const people = v.legal_people.flatMap((t) => v.owners.map((o) => t.replace('{owner}', o)));
      expect(
        people.some((p) => footer.includes(p)),
        `${d.name}: ${footer}`,
      ).toBe(true);
    }
    for (const d of docs.filter((x) => layoutChoice(x, 'legal-line') === 'false')) {
      const text = texts[docs.indexOf(d)]!;
      expect(vocabularyOfDocument(d).legal_registers.some((r) => text.includes(r))).toBe(false);
    }
  });
});

/** The footer's legal line: of the page's last two lines, the one that carries the seller's address beside a " · ". */
function footerOf(d: SyntheticDocument): string | undefined {
  const place = (d.expected.fields.vendor_address as string | undefined)?.split(', ').at(-1);
  // A document over several pages prints its page count under the footer ("Seite 2 von 2", "Page 2/2").
  const pageCount = /^\p{L}+\.?\s+\d+\s*(?:\/|of|von|sur|de|van)\s*\d+$/iu;
  const lines = texts[docs.indexOf(d)]!.split('\n')
    .filter((l) => !pageCount.test(l.trim()))
    .slice(-2);
  return place ? lines.find((l) => l.includes(` · ${place}`) || l.includes(`${place} · `)) : undefined;
}
