import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import type { Candidate } from '../../packages/core/src/extraction/fields/candidates.js';
import { exclusiveScores } from '../../packages/core/src/extraction/fields/exclusive-amounts.js';
import { cleanName } from '../../packages/core/src/extraction/fields/party-lines.js';
import type { CandidateRanker } from '../../packages/core/src/extraction/ranking/ranker.js';
import {
  describeCandidates,
  documentFacts,
  FEATURE_NAMES,
} from '../../packages/core/src/extraction/ranking/features.js';
import { doc, lines, page } from './synthetic.js';

/**
 * What the ranker and the rules know about a receipt's foot (tendered, change, rounding) and the
 * repairs made to names and addresses as OCR reads them, on small synthetic documents.
 */

const feature = (row: number[], name: (typeof FEATURE_NAMES)[number]) => row[FEATURE_NAMES.indexOf(name)];

describe('tender features of total candidates', () => {
  const receipt = doc([
    { x: 40, y: 40, text: 'Corner Shop Sdn Bhd' },
    ...lines(40, 300, ['TOTAL 28.40', 'CASH 50.00', 'CHANGE 21.60', 'Rounding Adj 0.02']),
  ]);
  const ctx = createContext(receipt, []);
  const facts = documentFacts(ctx);
  const lineOf = (start: string) => ctx.lines.find((l) => l.text.startsWith(start))!;
  const [total, cash, change] = describeCandidates(ctx, facts, 'total_amount', [
    { value: 28.4, score: 0.9, line: lineOf('TOTAL'), source: 'label' },
    { value: 50, score: 0.5, line: lineOf('CASH'), source: 'fallback' },
    { value: 21.6, score: 0.3, line: lineOf('CHANGE'), source: 'fallback' },
  ]);

  it('class each line by its labels: tendered, change, rounding', () => {
    expect(feature(cash!, 'line_tendered')).toBe(1);
    expect(feature(total!, 'line_tendered')).toBe(0);
    expect(feature(change!, 'line_change')).toBe(1);
    const [rounding] = describeCandidates(ctx, facts, 'total_amount', [
      { value: 0.02, score: 0.1, line: lineOf('Rounding'), source: 'fallback' },
    ]);
    expect(feature(rounding!, 'line_rounding')).toBe(1);
  });

  it('relate the amounts: total + change = tendered, tendered - change = total', () => {
    expect(feature(total!, 'plus_change_is_printed')).toBe(1);
    expect(feature(cash!, 'plus_change_is_printed')).toBe(0);
    expect(feature(cash!, 'less_change_is_printed')).toBe(1);
    expect(feature(total!, 'less_change_is_printed')).toBe(0);
  });

  it('are zero for the other amount fields and for names', () => {
    const [asSubtotal] = describeCandidates(ctx, facts, 'subtotal', [
      { value: 50, score: 0.5, line: lineOf('CASH'), source: 'label' },
    ]);
    expect(feature(asSubtotal!, 'line_tendered')).toBe(0);
    const [name] = describeCandidates(ctx, facts, 'vendor_name', [
      { value: 'Corner Shop Sdn Bhd', score: 0.5, line: ctx.lines[0]!, source: 'layout' },
    ]);
    expect(feature(name!, 'less_change_is_printed')).toBe(0);
  });

  it('hold on a receipt without change or tendered lines (all zero, no crash)', () => {
    const bare = createContext(doc([{ x: 40, y: 40, text: 'TOTAL 9.90' }]), []);
    const [only] = describeCandidates(bare, documentFacts(bare), 'total_amount', [
      { value: 9.9, score: 0.9, line: bare.lines[0]!, source: 'label' },
    ]);
    expect(['line_tendered', 'line_change', 'plus_change_is_printed'].map((n) => feature(only!, n as never))).toEqual([
      0, 0, 0,
    ]);
  });
});

describe("the total among a receipt foot's amounts", () => {
  const receipt = (foot: string[]) =>
    doc([
      page(
        [
          { x: 40, y: 40, text: 'Corner Parking Sdn Bhd' },
          { x: 40, y: 60, text: 'Date: 28/05/2018 11:41' },
          ...lines(40, 200, foot),
        ],
        { source: 'ocr' },
      ),
    ]);
  const totalOf = (foot: string[]) => {
    const result = extractFields(receipt(foot), [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt' });
    return result.extracted_data.total_amount;
  };

  it('tells the amount tendered from the total when its label says "total" ("Accepted total")', () => {
    const foot = ['Pay parking ticket 5.00', 'Amount Incl. GST 5.00', 'Accepted total 10.00', 'Change 5.00'];
    const ctx = createContext(receipt(foot), []);
    const lineOf = (start: string) => ctx.lines.find((l) => l.text.startsWith(start))!;
    const [charged, accepted] = describeCandidates(ctx, documentFacts(ctx), 'total_amount', [
      { value: 5, score: 0.1, line: lineOf('Amount'), source: 'fallback' },
      { value: 10, score: 0.9, line: lineOf('Accepted'), source: 'label' },
    ]);
    expect(feature(charged!, 'plus_change_is_printed')).toBe(1);
    expect(feature(accepted!, 'plus_change_is_printed')).toBe(0);
    expect(feature(accepted!, 'less_change_is_printed')).toBe(1);
    expect(totalOf(foot)).toBe(5);
  });

  it('takes the total after a discount, over the larger sum before it', () => {
    const foot = [
      'Sub-Total : 45.70',
      'Coupon Discount : 14.80',
      'Grand Total : 30.90',
      'Payment : 50.00',
      'Change Due : 19.10',
    ];
    const ctx = createContext(receipt(foot), []);
    const lineOf = (start: string) => ctx.lines.find((l) => l.text.startsWith(start))!;
    const [before, after] = describeCandidates(ctx, documentFacts(ctx), 'total_amount', [
      { value: 45.7, score: 0.5, line: lineOf('Sub-Total'), source: 'label' },
      { value: 30.9, score: 0.5, line: lineOf('Grand'), source: 'label' },
    ]);
    expect(feature(before!, 'less_discount_is_printed')).toBe(1);
    expect(feature(after!, 'less_discount_is_printed')).toBe(0);
    expect(totalOf(foot)).toBe(30.9);
  });

  it("does not take a card's last digits less the change for the total", () => {
    expect(
      totalOf(['ITEM: 3 Total with GST @ 6% 52.80', 'TOTAL 52.80', 'Visa 6258 App:518361 52.80', 'CHANGE 0.00']),
    ).toBe(52.8);
  });

  it('rounds to five cents whichever way the adjustment is signed ("0.02-", "(0.02)")', () => {
    expect(totalOf(['Subtotal 15.67', 'Service 1.55', 'Total: 17.22', 'RND ADJ 0.02-', 'Payment 20.00'])).toBe(17.2);
    expect(totalOf(['Total Incl GST: 8.48', 'Rounding Adjustment: (0.02)', 'Paid Amount: 100.00'])).toBe(8.5);
    expect(totalOf(['Total Incl GST: 8.48', 'Rounding Adjustment: 0.02', 'Paid Amount: 100.00'])).toBe(8.5);
  });

  it('finds a total whose label OCR garbled among every amount printed', () => {
    expect(
      totalOf([
        'Qty 1 7.50',
        'Rounding Adj 0.00',
        'Due 7.50',
        'Fay 20.00',
        'Change 12.50',
        '(Total Included GST 6% : 0.42)',
      ]),
    ).toBe(7.5);
  });
});

describe('names as OCR reads them', () => {
  it('writes a legal form misread by one letter back ("SON BHD" is "SDN BHD")', () => {
    expect(cleanName('SUN VICTORY SON BHD')).toBe('SUN VICTORY SDN BHD');
    expect(cleanName('Acme Sdn 8hd')).toBe('Acme Sdn Bhd');
    expect(cleanName('ACME SDN BHD')).toBe('ACME SDN BHD');
  });

  it('writes back any one character off, a dot kept, or the form split once by a space', () => {
    expect(cleanName('BEMED (SP) SDN. BHX.')).toBe('BEMED (SP) SDN. BHD.');
    expect(cleanName('THE TOAST F&B SDN BH D')).toBe('THE TOAST F&B SDN BHD');
    expect(cleanName('ACME S DN BHD.')).toBe('ACME SDN BHD.');
    expect(cleanName('ACME SDN. BHD.')).toBe('ACME SDN. BHD.');
    // A second word that follows the form exactly is another word: the form is read once.
    expect(cleanName('TAN SDN BHD BH D')).toBe('TAN SDN BHD BH D');
  });

  it('leaves words that are two letters off a legal form alone', () => {
    expect(cleanName('MR SON BAD')).toBe('MR SON BAD');
    expect(cleanName('SON BHO TRADING')).toBe('SON BHO TRADING');
  });

  it('drops a bracketed registration number before looking for a "Key:" prefix', () => {
    expect(cleanName('Dion Example Sdn Bhd (Co. No: 12345-T)')).toBe('Dion Example Sdn Bhd');
    expect(cleanName('Firma: Beispiel GmbH')).toBe('Beispiel GmbH');
  });
});

describe('addresses', () => {
  it('takes the place printed apart from its postcode', () => {
    const page = doc([
      ...lines(40, 60, ['Acme Widgets GmbH', 'Hauptstraße 5']),
      { x: 40, y: 88, text: 'DE 10115' },
      { x: 160, y: 88, text: 'Berlin' },
      { x: 40, y: 240, text: 'Invoice No: 5' },
    ]);
    const result = extractFields(page, [...RECOMMENDED_FIELDS.invoice]);
    expect(result.extracted_data.vendor_address).toBe('Hauptstraße 5, 10115 Berlin');
  });
});

describe('one printed amount as the total or the tax', () => {
  // "Total Sales Incucive GST 28.40" (as OCR read it) is a total candidate and, its line naming GST, a tax
  // candidate; each ranker all but sure of it. Probabilities set by hand, as a trained model
  // might give them, so the choice of the combination is what is tested.
  const foot = ['2 X 14.20 28.40', 'Total Sales Incucive GST @6% 28.40', 'CASH 50.00', 'CHANGE 21.60'];
  const receipt = doc([
    page([{ x: 40, y: 40, text: 'Kedai Runcit Sdn Bhd' }, ...lines(40, 200, foot)], { source: 'ocr' }),
  ]);
  const sure: Record<string, (c: Candidate) => number> = {
    total_amount: (c) => (c.line.text.startsWith('Total') ? 0.98 : 0.01),
    tax_amount: (c) => (c.line.text.startsWith('Total') ? 0.987 : 0.01),
  };
  const ranker: CandidateRanker = {
    rank: (_ctx, role, candidates) =>
      candidates
        .map((c) => ({ ...c, score: sure[role]?.(c) ?? c.score, ranked: true }))
        .sort((a, b) => b.score - a.score),
  };

  it('takes it for the total, not for the tax beside the cash tendered as the total', () => {
    const result = extractFields(receipt, [...RECOMMENDED_FIELDS.receipt], { documentType: 'receipt', ranker });
    expect(result.extracted_data.total_amount).toBe(28.4);
  });

  it('weighs it as total, tax or neither, given that it is not both', () => {
    const ctx = createContext(receipt, []);
    const line = ctx.lines.find((l) => l.text.startsWith('Total'))!;
    const total: Candidate = { value: 28.4, score: 0.98, line, source: 'label', ranked: true };
    const tax: Candidate = { value: 28.4, score: 0.987, line, source: 'label', ranked: true };
    const other: Candidate = { value: 50, score: 0.01, line: ctx.lines[3]!, source: 'fallback', ranked: true };
    const p = exclusiveScores([total, other], [tax]);
    expect(p(total)).toBeCloseTo((0.98 * 0.013) / (1 - 0.98 * 0.987), 6);
    expect(p(tax)).toBeCloseTo((0.987 * 0.02) / (1 - 0.98 * 0.987), 6);
    expect(p(other)).toBe(0.01);
    // A weak tax candidate the total ranker rejects stays weak: it may be neither.
    const weak: Candidate = { ...tax, score: 0.24 };
    expect(exclusiveScores([{ ...total, score: 0.008 }], [weak])(weak)).toBeCloseTo(0.24, 2);
  });
});
