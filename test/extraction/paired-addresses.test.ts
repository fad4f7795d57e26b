import { describe, expect, it } from 'vitest';
import { extractInvoice, invoiceBody, type Placed } from './synthetic.js';

/**
 * A seller's address printed as labelled pairs (fields/address.ts), as e-invoice views print the
 * parties: the seller's pairs beside the buyer's on the same lines, the key with a business term's
 * id or a postal key ("Postal address", "Postanschrift", "Postadres"); and a closing sentence under
 * a name, which is no address.
 */

function sideBySide(key: string, buyerKey: string): Placed[] {
  return [
    { x: 30, y: 40, text: 'Verkäufer' },
    { x: 340, y: 40, text: 'Käufer' },
    { x: 30, y: 56, text: 'Name:' },
    { x: 150, y: 56, text: 'Nordlicht Bürobedarf GmbH' },
    { x: 340, y: 56, text: 'Name:' },
    { x: 450, y: 56, text: 'Sonnen Systeme KG' },
    { x: 30, y: 70, text: key },
    { x: 150, y: 70, text: 'Postfach 7602' },
    { x: 340, y: 70, text: buyerKey },
    { x: 450, y: 70, text: 'Postfach 1094' },
    { x: 150, y: 84, text: '20095 Hamburg' },
    { x: 450, y: 84, text: '70173 Stuttgart' },
    { x: 30, y: 98, text: 'Land:' },
    { x: 150, y: 98, text: 'DE' },
    { x: 340, y: 98, text: 'Land:' },
    { x: 450, y: 98, text: 'DE' },
    ...invoiceBody.map((p) => ({ ...p, y: p.y + 60 })),
  ];
}

describe("a seller's address as labelled pairs", () => {
  it("the buyer's pair beside the seller's on one line is not part of the seller's address", () => {
    const fields = extractInvoice(sideBySide('Adresse:', 'Adresse:'));
    expect(fields.vendor_name).toBe('Nordlicht Bürobedarf GmbH');
    expect(fields.vendor_address).toBe('Postfach 7602, 20095 Hamburg');
  });

  it('"Postal address (BT-35):" is an address key: its value starts the address', () => {
    const fields = extractInvoice(sideBySide('Postal address (BT-35):', 'Address:'));
    expect(fields.vendor_address).toBe('Postfach 7602, 20095 Hamburg');
  });

  it('"Postanschrift:" is an address key too', () => {
    const fields = extractInvoice(sideBySide('Postanschrift:', 'Anschrift:'));
    expect(fields.vendor_address).toBe('Postfach 7602, 20095 Hamburg');
  });
});

describe('a sentence under a name is no address', () => {
  it('"Thank you and come again" under a closing\'s name gives no address', () => {
    const fields = extractInvoice([
      ...invoiceBody,
      { x: 50, y: 700, text: 'Please make cheques payable to Harbor Foods Ltd' },
      { x: 50, y: 714, text: 'Thank you and come again' },
    ]);
    expect(fields.vendor_name).toBe('Harbor Foods Ltd');
    expect(fields.vendor_address).toBeUndefined();
  });
});
