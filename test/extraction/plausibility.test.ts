import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { findImplausible } from '../../packages/core/src/extraction/plausibility/rules.js';
import { doc, lines, page } from './synthetic.js';

/**
 * Plausibility: a value that contradicts the rest of its document keeps a confidence below the
 * review threshold (0.5) and sends the document to review with a reason (rule "plausible"); a
 * document date in doubt gives way to a labelled date that is not.
 */
const REVIEW_BELOW = 0.5;

function extract(document: ReadDocument, type: 'invoice' | 'receipt', receivedAt?: Date) {
  return extractFields(document, [...RECOMMENDED_FIELDS[type]], {
    documentType: type,
    ...(receivedAt ? { receivedAt } : {}),
  });
}

const doubts = (result: ReturnType<typeof extract>) =>
  result.validation_errors.filter((e) => e.rule === 'plausible').map((e) => `${e.field} ${e.message.split(':')[0]}`);

const invoice = (dateLine: string, more: string[] = []) =>
  doc(lines(40, 40, ['Acme Supplies GmbH', 'Invoice', dateLine, 'Invoice no: 4711', ...more, 'Total 120.00']));

describe('plausibility of the document date', () => {
  it('a date years away from every other date on the document is in doubt', () => {
    const far = extract(
      invoice('Invoice date: 01.07.2031', ['Delivery date: 02.07.2014', 'Service period 01.07.2014 - 31.07.2014']),
      'invoice',
    );
    expect(far.extracted_data.invoice_date).toBe('2031-07-01');
    expect(far.confidence.invoice_date).toBeLessThan(REVIEW_BELOW);
    expect(far.needs_review).toBe(true);
    expect(doubts(far)).toEqual(['invoice_date date_far_from_others']);

    const near = extract(
      invoice('Invoice date: 01.08.2014', ['Delivery date: 02.07.2014', 'Service period 01.07.2014 - 31.07.2014']),
      'invoice',
    );
    expect(near.extracted_data.invoice_date).toBe('2014-08-01');
    expect(doubts(near)).toEqual([]);
  });

  it('a date after the document was received is in doubt; the same date received later is not', () => {
    const early = extract(invoice('Invoice date: 24.12.2026'), 'invoice', new Date('2026-11-28T10:00:00Z'));
    expect(early.extracted_data.invoice_date).toBe('2026-12-24');
    expect(early.confidence.invoice_date).toBeLessThan(REVIEW_BELOW);
    expect(early.needs_review).toBe(true);
    expect(doubts(early)).toEqual(['invoice_date date_in_future']);

    const later = extract(invoice('Invoice date: 24.12.2026'), 'invoice', new Date('2027-01-10T10:00:00Z'));
    expect(later.confidence.invoice_date).toBeGreaterThanOrEqual(REVIEW_BELOW);
    expect(doubts(later)).toEqual([]);
  });

  it('a date in doubt gives way to a date printed beside its own label', () => {
    const result = extract(
      doc(
        lines(40, 40, [
          'Acme Supplies GmbH',
          'Invoice date: 01.07.2031',
          'Invoice no: 4711',
          'Invoice Date: August 3, 2014',
          'Billing period 01.07.2014 - 31.07.2014',
          'Total 120.00',
        ]),
      ),
      'invoice',
      new Date('2026-11-28T10:00:00Z'),
    );
    expect(result.extracted_data.invoice_date).toBe('2014-08-03');
    // Still looked at: the first reading was contradicted.
    expect(result.confidence.invoice_date).toBeLessThan(REVIEW_BELOW);
    expect(result.validation_errors.find((e) => e.field === 'invoice_date')?.message).toContain(
      'the labelled date 2014-08-03 was taken instead',
    );
  });
});

describe('plausibility of the amounts', () => {
  it('a total that is not subtotal + tax puts the subtotal and the tax in doubt', () => {
    const wrong = extract(
      doc(
        lines(40, 40, [
          'Acme Supplies GmbH',
          'Invoice date: 01.07.2014',
          'Invoice no: 4711',
          'Subtotal 100.00',
          'VAT 19.00',
          'Total 129.00',
        ]),
      ),
      'invoice',
    );
    expect(wrong.extracted_data).toMatchObject({ subtotal: 100, tax_amount: 19, total_amount: 129 });
    expect(wrong.confidence.subtotal).toBeLessThan(REVIEW_BELOW);
    expect(wrong.confidence.tax_amount).toBeLessThan(REVIEW_BELOW);
    expect(wrong.confidence.total_amount).toBeGreaterThanOrEqual(REVIEW_BELOW);
    expect(doubts(wrong)).toEqual(['subtotal total_disagrees', 'tax_amount total_disagrees']);

    const right = extract(
      doc(
        lines(40, 40, [
          'Acme Supplies GmbH',
          'Invoice date: 01.07.2014',
          'Invoice no: 4711',
          'Subtotal 100.00',
          'VAT 19.00',
          'Total 119.00',
        ]),
      ),
      'invoice',
    );
    expect(right.extracted_data.total_amount).toBe(119);
    expect(doubts(right)).toEqual([]);
  });

  it('a tax of more than 30% of the total (a tax base beside the tax) is in doubt, the total is not', () => {
    // The tax table prints the base, 198.00, then the tax: the base is taken for the tax here.
    const taxed = (tax: string) =>
      extract(
        doc(
          lines(40, 40, [
            'Acme Supplies GmbH',
            'Invoice date: 01.07.2014',
            'Invoice no: 4711',
            `VAT ${tax}`,
            'Total 235.62',
          ]),
        ),
        'invoice',
      );
    const base = taxed('198.00');
    expect(base.extracted_data.tax_amount).toBe(198);
    expect(base.confidence.tax_amount).toBeLessThan(REVIEW_BELOW);
    expect(base.needs_review).toBe(true);
    expect(doubts(base)).toEqual(['tax_amount tax_exceeds_share']);

    // 27% VAT, the highest rate, is 21% of the gross total.
    const highest = taxed('50.09');
    expect(highest.extracted_data.tax_amount).toBe(50.09);
    expect(doubts(highest)).toEqual([]);
  });

  it('line items that add up to neither the subtotal nor the total are put in doubt', () => {
    const table = (total: string) =>
      doc([
        page([
          { x: 40, y: 40, text: 'Acme Supplies GmbH' },
          { x: 40, y: 60, text: 'Invoice no: 4711' },
          { x: 40, y: 74, text: 'Invoice date: 01.07.2014' },
          { x: 40, y: 300, text: 'Description' },
          { x: 300, y: 300, text: 'Qty' },
          { x: 380, y: 300, text: 'Price' },
          { x: 480, y: 300, text: 'Amount' },
          { x: 40, y: 320, text: 'Office chair' },
          { x: 300, y: 320, text: '2' },
          { x: 380, y: 320, text: '70.00' },
          { x: 480, y: 320, text: '140.00' },
          { x: 40, y: 340, text: 'Desk lamp' },
          { x: 300, y: 340, text: '1' },
          { x: 380, y: 340, text: '60.00' },
          { x: 480, y: 340, text: '60.00' },
          { x: 380, y: 420, text: 'Total' },
          { x: 480, y: 420, text: total },
        ]),
      ]);
    const wrong = extract(table('345.00'), 'invoice');
    expect(wrong.extracted_data.total_amount).toBe(345);
    expect(wrong.confidence.line_items).toBeLessThan(REVIEW_BELOW);
    expect(doubts(wrong)).toEqual(['line_items total_disagrees']);

    const right = extract(table('200.00'), 'invoice');
    expect(right.extracted_data.total_amount).toBe(200);
    expect(doubts(right)).toEqual([]);
  });

  it('asked for neither subtotal nor tax, net lines under a taxed total are not in doubt; far under it they are', () => {
    const fields = RECOMMENDED_FIELDS.invoice.filter((f) => !['subtotal', 'tax_amount'].includes(f.name));
    const taxed = (total: string) =>
      doc([
        page([
          { x: 40, y: 40, text: 'Acme Supplies GmbH' },
          { x: 40, y: 60, text: 'Invoice no: 4711' },
          { x: 40, y: 74, text: 'Invoice date: 01.07.2014' },
          { x: 40, y: 300, text: 'Description' },
          { x: 480, y: 300, text: 'Amount' },
          { x: 40, y: 320, text: 'Office chair' },
          { x: 480, y: 320, text: '140.00' },
          { x: 40, y: 340, text: 'Desk lamp' },
          { x: 480, y: 340, text: '60.00' },
          { x: 380, y: 380, text: 'Subtotal' },
          { x: 480, y: 380, text: '200.00' },
          { x: 380, y: 400, text: 'VAT 19%' },
          { x: 480, y: 400, text: '38.00' },
          { x: 380, y: 420, text: 'Total' },
          { x: 480, y: 420, text: total },
        ]),
      ]);
    const run = (total: string) => extractFields(taxed(total), fields, { documentType: 'invoice' });
    const net = run('238.00');
    expect(net.extracted_data.total_amount).toBe(238);
    expect((net.extracted_data.line_items as unknown[]).length).toBe(2);
    expect(doubts(net)).toEqual([]);

    const missing = run('345.00');
    expect(missing.extracted_data.total_amount).toBe(345);
    expect(doubts(missing)).toEqual(['line_items total_disagrees']);
  });
});

describe('plausibility of names and of the due date', () => {
  it('a courtesy line is never chosen as the merchant; a name with a legal form stands', () => {
    const receipt = (...head: string[]) =>
      doc([
        page(lines(40, 40, [...head, '12/05/2018 13:45', 'COFFEE 5.00', 'TOTAL 5.00', 'CASH 5.00']), { source: 'ocr' }),
      ]);
    // Alone at the top it was the only name-like line, and used to be given (in doubt).
    const sentence = extract(receipt('THANK YOU AND DO VISIT US AGAIN.'), 'receipt');
    expect(sentence.extracted_data.merchant_name ?? null).toBeNull();
    // Above the name, it no longer takes the name's place.
    const above = extract(receipt('Please come again!', 'KEDAI MAJU JAYA', 'NO 12 JALAN BESAR'), 'receipt');
    expect(above.extracted_data.merchant_name).toBe('KEDAI MAJU JAYA');

    const name = extract(receipt('KEDAI KOPI YOU HUA SDN BHD'), 'receipt');
    expect(name.extracted_data.merchant_name).toBe('KEDAI KOPI YOU HUA SDN BHD');
    expect(doubts(name)).toEqual([]);
  });

  // Candidates leave sentences out; the rule guards names that come another way (a vendor's learned
  // hints), so it is checked on values here.
  it('a name given as a sentence is in doubt', () => {
    const names = (value: string) => findImplausible({ names: [{ field: 'merchant_name', value }], pageDates: [] });
    expect(names('THANK YOU AND DO VISIT US AGAIN.').map((d) => d.rule)).toEqual(['name_is_sentence']);
    expect(names('Merci de votre visite!').map((d) => d.rule)).toEqual(['name_is_sentence']);
    expect(names('KEDAI KOPI YOU HUA SDN BHD')).toEqual([]);
  });

  // The due-date finder already passes over dates before the document date; the rule guards the
  // values that come another way (a vendor's learned hints), so it is checked on values here.
  it('a due date before the document date puts both in doubt', () => {
    const facts = { names: [], pageDates: ['2024-03-10', '2024-02-10'] };
    const documentDate = { field: 'invoice_date', value: '2024-03-10' };
    expect(findImplausible({ ...facts, documentDate, dueDate: { field: 'due_date', value: '2024-02-10' } })).toEqual([
      {
        rule: 'due_before_issue',
        fields: ['due_date', 'invoice_date'],
        message: 'the due date 2024-02-10 is before the document date 2024-03-10',
      },
    ]);
    expect(findImplausible({ ...facts, documentDate, dueDate: { field: 'due_date', value: '2024-04-10' } })).toEqual(
      [],
    );
  });
});
