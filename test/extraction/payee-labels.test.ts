import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { LabelIndex } from '../../packages/core/src/extraction/labels/label-index.js';
import { doc, type Placed } from './synthetic.js';

/**
 * "Empfänger" and "Recipient" head a buyer's address block, and also the payee's row of a transfer
 * form or remittance slip printed under an invoice, where the row under them is the account's
 * ("IBAN", "Account number"). There the name beside them is the seller's, the one paid.
 */

const buyerLabels = (placed: Placed[]) => {
  const lines = buildLines(doc(placed));
  return new LabelIndex(lines, []).hits.filter((h) => h.key === 'buyer_name').map((h) => h.line.text);
};

/** A seller's letterhead, the buyer's address, the totals, then a slip: payee, account, amount, payer. */
const withSlip = (payee: string, account: string, amount: string): Placed[] => [
  { x: 330, y: 40, text: 'Brandt Metallbau GmbH & Co. KG' },
  { x: 330, y: 54, text: 'Am Markt 3, 04109 Leipzig' },
  { x: 50, y: 110, text: 'Praxis Dr. Vogt' },
  { x: 50, y: 124, text: 'Industriestraße 14' },
  { x: 50, y: 138, text: '70565 Stuttgart' },
  { x: 330, y: 110, text: 'Rechnungsnr.' },
  { x: 430, y: 110, text: 'RE93128' },
  { x: 330, y: 124, text: 'Rechnungsdatum' },
  { x: 430, y: 124, text: '10.07.2025' },
  { x: 50, y: 200, text: 'Montage' },
  { x: 480, y: 200, text: '1.680,00' },
  { x: 330, y: 230, text: 'Rechnungsbetrag' },
  { x: 480, y: 230, text: '1.999,20 €' },
  { x: 50, y: 300, text: payee },
  { x: 200, y: 300, text: 'Brandt Metallbau GmbH & Co. KG' },
  { x: 50, y: 314, text: account },
  { x: 200, y: 314, text: 'DE38 1703 2920 8974 5755 91' },
  { x: 50, y: 328, text: amount },
  { x: 200, y: 328, text: '1.999,20 €' },
];

describe("a payment form's payee row", () => {
  it('"Empfänger" over "IBAN" is no buyer label', () => {
    expect(buyerLabels(withSlip('Empfänger', 'IBAN', 'Betrag'))).toEqual([]);
  });

  it('"Recipient" over "Account number" is no buyer label', () => {
    expect(buyerLabels(withSlip('Recipient', 'Account number', 'Amount'))).toEqual([]);
  });

  it('"Empfänger" over an address stays the buyer\'s heading', () => {
    const block: Placed[] = [
      { x: 50, y: 100, text: 'Empfänger' },
      { x: 50, y: 114, text: 'Praxis Dr. Vogt' },
      { x: 50, y: 128, text: 'Industriestraße 14' },
      { x: 300, y: 114, text: 'IBAN DE38 1703 2920 8974 5755 91' },
    ];
    expect(buyerLabels(block)).toHaveLength(1);
  });

  it("the seller named in a slip's payee row stays the vendor", () => {
    const fields = extractFields(doc(withSlip('Empfänger', 'IBAN', 'Betrag')), [...RECOMMENDED_FIELDS.invoice], {
      documentType: 'invoice',
    }).extracted_data;
    expect(fields.vendor_name).toBe('Brandt Metallbau GmbH & Co. KG');
  });
});
