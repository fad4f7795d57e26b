import { describe, expect, it } from 'vitest';
import { extractFields, type FieldDefinition, type ReadDocument } from '@intake/core';
import { collectExamples, createRanker, featureNames, trainRanker } from '@intake/core/extraction';
import { assignFolds, groupMembers } from '../../packages/extraction-lab/src/report/folds.js';
import {
  describeCandidates,
  documentFacts,
  FEATURE_NAMES,
} from '../../packages/core/src/extraction/ranking/features.js';
import { predictLogistic, trainLogistic } from '../../packages/core/src/extraction/ranking/logistic.js';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { doc } from './synthetic.js';

/** The learned ranker on small synthetic inputs: its model, its features, its training, the folds. */

const fields: FieldDefinition[] = [
  { name: 'vendor_name', type: 'text', required: true, description: 'Seller' },
  { name: 'total_amount', type: 'currency', required: true, description: 'Grand total' },
];

/** An invoice whose grand total is printed beside "Total", with a prepayment under it and a larger unrelated figure. */
function invoice(seed: number): { document: ReadDocument; total: number; vendor: string } {
  const net = 100 + seed * 7;
  const tax = Math.round(net * 19) / 100;
  const total = Math.round((net + tax) * 100) / 100;
  const vendor = `Vendor${String.fromCharCode(65 + (seed % 26))} GmbH`;
  const document = doc([
    { x: 40, y: 40, text: vendor },
    { x: 40, y: 60, text: `Street ${seed}, 1234${seed % 10} Town` },
    { x: 40, y: 200, text: `Customer account balance ${(total * 3).toFixed(2)}` },
    { x: 350, y: 500, text: `Net ${net.toFixed(2)}` },
    { x: 350, y: 514, text: `VAT 19% ${tax.toFixed(2)}` },
    { x: 350, y: 528, text: `Total ${total.toFixed(2)}` },
    { x: 350, y: 542, text: `Paid ${(total / 2).toFixed(2)}` },
    { x: 40, y: 800, text: `${vendor} · VAT ID DE12345678${seed % 10}` },
  ]);
  return { document, total, vendor };
}

describe('logistic regression', () => {
  const rows = [
    [0, 1],
    [1, 1],
    [0.2, 0.9],
    [3, 0],
    [2.5, 0.1],
    [4, 0.2],
  ];
  const labels = [0, 0, 0, 1, 1, 1];

  it('separates two separable classes', () => {
    const model = trainLogistic(rows, labels);
    expect(predictLogistic(model, [3.5, 0])).toBeGreaterThan(0.9);
    expect(predictLogistic(model, [0.1, 1])).toBeLessThan(0.1);
  });

  it('is deterministic: the same rows give the same weights', () => {
    expect(trainLogistic(rows, labels)).toEqual(trainLogistic(rows, labels));
  });

  it('ignores a constant feature instead of dividing by zero', () => {
    const model = trainLogistic(
      rows.map((r) => [...r, 5]),
      labels,
    );
    expect(model.weights.every(Number.isFinite)).toBe(true);
    expect(model.weights[2]).toBe(0);
  });
});

describe('candidate features', () => {
  it('describe font size, legal form, arithmetic and the registration number nearby', () => {
    const document = doc([
      { x: 40, y: 40, text: 'Acme GmbH' },
      { x: 350, y: 500, text: 'Net 100.00' },
      { x: 350, y: 514, text: 'VAT 19.00' },
      { x: 350, y: 528, text: 'Total 119.00' },
      { x: 40, y: 790, text: 'USt-IdNr. DE123456789' },
    ]);
    // A heading set in a larger font: its words twice the height of the rest.
    for (const w of document.pages[0]!.words.slice(0, 2)) w.bbox.y1 = w.bbox.y0 + 20;
    const ctx = createContext(document, []);
    const facts = documentFacts(ctx);
    const feature = (row: number[], name: (typeof FEATURE_NAMES)[number]) => row[FEATURE_NAMES.indexOf(name)];
    const [name] = describeCandidates(ctx, facts, 'vendor_name', [
      { value: 'Acme GmbH', score: 0.5, line: ctx.lines[0]!, source: 'layout' },
    ]);
    expect(feature(name!, 'legal_form')).toBe(1);
    expect(feature(name!, 'height_vs_tallest')).toBe(1);
    expect(feature(name!, 'height_vs_median')).toBeGreaterThan(0);
    expect(feature(name!, 'page_y')).toBeLessThan(0.1);
    const totalLine = ctx.lines.find((l) => l.text.startsWith('Total'))!;
    const netLine = ctx.lines.find((l) => l.text.startsWith('Net'))!;
    const [total, net] = describeCandidates(ctx, facts, 'total_amount', [
      { value: 119, score: 0.9, line: totalLine, source: 'label' },
      { value: 100, score: 0.5, line: netLine, source: 'label' },
    ]);
    expect(feature(total!, 'sum_of_two_amounts')).toBe(1);
    expect(feature(net!, 'sum_of_two_amounts')).toBe(0);
    expect(feature(total!, 'largest_amount')).toBe(1);
    expect(feature(total!, 'gap_to_best')).toBe(0);
    expect(feature(net!, 'gap_to_best')).toBeCloseTo(0.4);
    const [nearFooter] = describeCandidates(ctx, facts, 'vendor_name', [
      { value: 'x', score: 0.1, line: ctx.lines.at(-1)!, source: 'layout' },
    ]);
    expect(feature(nearFooter!, 'registration_nearby')).toBe(1);
    expect(featureNames('amount')).toHaveLength(total!.length + 3 + 3);
  });
});

describe('the name features', () => {
  it('rank among text lines, address lines above, glyph width, registration under, fragment, key line', () => {
    const document = doc([
      { x: 40, y: 40, text: 'HOME HARDWARE &' },
      { x: 40, y: 54, text: 'ELECTRICAL' },
      { x: 40, y: 68, text: '(12345-A)' },
      { x: 40, y: 82, text: 'NO 12 JALAN BESAR' },
      { x: 40, y: 96, text: 'TEL: 03-1234567' },
      { x: 40, y: 110, text: 'SETAPAK' },
      { x: 40, y: 124, text: 'Nummer;' },
    ]);
    // The name set wider than the rest: its words take twice the width per character.
    for (const w of document.pages[0]!.words.slice(0, 3)) w.bbox.x1 = w.bbox.x0 + (w.bbox.x1 - w.bbox.x0) * 2;
    const ctx = createContext(document, []);
    const facts = documentFacts(ctx);
    const feature = (row: number[], name: (typeof FEATURE_NAMES)[number]) => row[FEATURE_NAMES.indexOf(name)];
    const candidate = (value: string, line: number) => ({
      value,
      score: 0.3,
      line: ctx.lines[line]!,
      source: 'fallback' as const,
    });
    const [name, fragment, place, key] = describeCandidates(ctx, facts, 'vendor_name', [
      candidate('HOME HARDWARE & ELECTRICAL', 0),
      candidate('ELECTRICAL', 1),
      candidate('SETAPAK', 5),
      candidate('Nummer', 6),
    ]);
    expect(feature(name!, 'name_text_line_rank')).toBe(0);
    expect(feature(place!, 'name_text_line_rank')).toBeGreaterThan(0);
    expect(feature(name!, 'name_contact_lines_above')).toBe(0);
    expect(feature(place!, 'name_contact_lines_above')).toBeGreaterThan(
      feature(fragment!, 'name_contact_lines_above')!,
    );
    expect(feature(name!, 'name_glyph_width')).toBeGreaterThan(0);
    expect(feature(place!, 'name_glyph_width')).toBeLessThanOrEqual(0);
    expect(feature(fragment!, 'name_registration_below')).toBe(1);
    expect(feature(place!, 'name_registration_below')).toBe(0);
    expect(feature(fragment!, 'name_part_of_longer')).toBe(1);
    expect(feature(name!, 'name_part_of_longer')).toBe(0);
    expect(feature(key!, 'name_line_ends_as_key')).toBe(1);
    expect(feature(name!, 'name_line_ends_as_key')).toBe(0);
    // Other fields see zeros in the name features.
    const [other] = describeCandidates(ctx, facts, 'total_amount', [{ ...candidate('x', 6), value: 1 }]);
    expect(feature(other!, 'name_line_ends_as_key')).toBe(0);
  });
});

describe('the label gap of a vendor candidate', () => {
  it("grows with the distance from its label to the value's segment on the label's line", () => {
    const document = doc([
      { x: 40, y: 40, text: 'Rechnungsersteller' },
      { x: 480, y: 40, text: 'FeRD' },
      { x: 40, y: 80, text: 'Seller: Acme Widgets GmbH' },
    ]);
    const ctx = createContext(document, []);
    const facts = documentFacts(ctx);
    const feature = (row: number[]) => row[FEATURE_NAMES.indexOf('label_gap')];
    const hitOn = (line: number) => ctx.labels.hitsOn(ctx.lines[line]!).find((h) => h.key === 'vendor_name')!;
    const labelled = (value: string, line: number) => ({
      value,
      score: 0.8,
      line: ctx.lines[line]!,
      source: 'label' as const,
      label: hitOn(line),
    });
    const [far, near] = describeCandidates(ctx, facts, 'vendor_name', [
      labelled('FeRD', 0),
      labelled('Acme Widgets GmbH', 1),
    ]);
    expect(feature(far!)).toBeGreaterThan(0.9);
    expect(feature(near!)).toBeLessThan(0.2);
    // A label on another line, and other fields, give 0.
    const [below] = describeCandidates(ctx, facts, 'vendor_name', [
      { ...labelled('Acme Widgets GmbH', 1), label: hitOn(0) },
    ]);
    expect(feature(below!)).toBe(0);
    const [total] = describeCandidates(ctx, facts, 'total_amount', [{ ...labelled('x', 0), value: 1 }]);
    expect(feature(total!)).toBe(0);
  });
});

describe('the trained ranker', () => {
  const training = Array.from({ length: 12 }, (_, i) => invoice(i));
  const lists = training.flatMap(({ document, total, vendor }) =>
    collectExamples(document, fields, { total_amount: total, vendor_name: vendor }, 'invoice'),
  );
  const model = trainRanker(lists);

  it('labels candidates by the expected values', () => {
    const totals = lists.filter((l) => l.role === 'total_amount');
    expect(totals).toHaveLength(12);
    for (const list of totals) expect(list.correct.filter(Boolean)).toHaveLength(1);
    expect(model.families.amount).toBeDefined();
  });

  it('picks the right values on documents it was not trained on, with a confidence that says so', () => {
    const ranker = createRanker(model);
    for (const { document, total, vendor } of [invoice(40), invoice(41), invoice(42)]) {
      const result = extractFields(document, fields, { documentType: 'invoice', ranker });
      expect(result.extracted_data).toEqual({ vendor_name: vendor, total_amount: total });
      expect(result.confidence.total_amount).toBeGreaterThan(0.5);
    }
  });

  it('refuses weights trained on other features', () => {
    expect(() => createRanker({ ...model, features: ['something_else'] })).toThrow(/train:extraction/);
  });
});

describe('needs_review', () => {
  it('is set when a field was found with a confidence under 0.5', () => {
    const weak = doc([{ x: 40, y: 300, text: 'some words then 12.00 and 13.50 in a sentence' }]);
    const result = extractFields(
      weak,
      [{ name: 'total_amount', type: 'currency', required: false, description: 'Grand total' }],
      { ranker: null },
    );
    const confidence = result.confidence.total_amount;
    expect(confidence).toBeDefined();
    expect(confidence).toBeLessThan(0.5);
    expect(result.validation_errors).toEqual([]);
    expect(result.needs_review).toBe(true);
  });
});

describe('held-out folds', () => {
  it('keep one vendor, and a scan with its original, in one group whatever the spelling', () => {
    const groups = groupMembers([
      { vendor: 'Acme GmbH', source: 'a/b:x/1.pdf@aaaaaaa', original: 'a/b:x/1.pdf' },
      { vendor: 'ACME  GMBH', source: 'a/b:y/2.pdf@aaaaaaa', original: 'a/b:y/2.pdf' },
      // A scan whose labelled name differs from its original's still sits with the original.
      { vendor: 'Other Ltd', source: 'a/b:x/1.pdf@aaaaaaa', original: 'a/b:x/1.pdf' },
      { source: 'c/d:forms/1.jpg' },
      { source: 'c/d:forms/2.jpg' },
      { vendor: 'Lone B.V.' },
    ]);
    expect(groups[0]).toBe(groups[1]);
    expect(groups[2]).toBe(groups[0]);
    expect(groups[3]).toBe(groups[4]);
    expect(new Set(groups).size).toBe(3);
  });

  it('deal whole groups to k folds, balanced and stable', () => {
    const groups = ['a', 'a', 'a', 'b', 'b', 'c', 'd', 'e', 'e', 'f'];
    const folds = assignFolds(groups, 3);
    groups.forEach((g, i) => expect(folds[i]).toBe(folds[groups.indexOf(g)]));
    const sizes = [0, 1, 2].map((f) => folds.filter((x) => x === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(assignFolds(groups, 3)).toEqual(folds);
  });
});
