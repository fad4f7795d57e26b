import { describe, expect, it } from 'vitest';
import { extractInvoice, invoiceBody, type Placed } from './synthetic.js';

/**
 * A header that prints the company's details and its address side by side, as invoicing programs'
 * designs do: the name over its contact lines (a tax id printed bare, a web address, an e-mail,
 * a phone) in one column, the street and the place in the next column, the street on the name's
 * line. The address is the next column's, and a bare tax id is no address line.
 */

const header = (name: string, contact: string[], address: string[]): Placed[] => [
  { x: 214, y: 40, text: name },
  ...contact.map((text, i) => ({ x: 214, y: 52 + i * 12, text })),
  ...address.map((text, i) => ({ x: 394, y: 40 + i * 12, text })),
];

describe('company details and address side by side', () => {
  it('reads the address from the column beside the name (German)', () => {
    const placed = header(
      'Bergmann Haustechnik GmbH',
      ['Steuernummer: 50924691', 'DE 811234567', 'www.bergmannhaustechnik.example', '+49 221 123456'],
      ['Am Markt 3', '79098 Freiburg', 'Deutschland'],
    );
    const fields = extractInvoice([...placed, ...invoiceBody]);
    expect(fields.vendor_name).toBe('Bergmann Haustechnik GmbH');
    expect(fields.vendor_address).toBe('Am Markt 3, 79098 Freiburg');
  });

  it('reads the address from the column beside the name (English)', () => {
    const placed = header(
      'Northwind Traders Ltd',
      ['GB123456789', 'www.northwindtraders.example', 'billing@northwindtraders.example'],
      ['14 Harbour Street', 'Bristol BS1 4QA', 'United Kingdom'],
    );
    const fields = extractInvoice([...placed, ...invoiceBody]);
    expect(fields.vendor_name).toBe('Northwind Traders Ltd');
    expect(fields.vendor_address).toBe('14 Harbour Street, Bristol BS1 4QA');
  });

  it('takes no bare tax id under a name for its address', () => {
    const placed: Placed[] = [
      { x: 50, y: 40, text: 'Diseño Gráfico Luna' },
      { x: 50, y: 52, text: 'Número de Identificación: 50924691' },
      { x: 50, y: 64, text: 'ESB12345678' },
      { x: 50, y: 76, text: 'www.disenograficoluna.example' },
    ];
    expect(extractInvoice([...placed, ...invoiceBody]).vendor_address).toBeUndefined();
  });

  it.each([
    ['Lindner & Söhne KG', 'DE 811234567', 'Hauptstraße 12', '50667 Köln'],
    ['Imprimerie Rousseau', 'FR 40123456789', '12 rue de la République', '69002 Lyon'],
  ])('passes over the contact lines between a name and its address (%s)', (name, id, street, place) => {
    const placed: Placed[] = [
      { x: 50, y: 40, text: 'From:' },
      ...[name, id, 'www.example.com', 'billing@example.com', '+49 221 123456', street, place].map((text, i) => ({
        x: 50,
        y: 54 + i * 12,
        text,
      })),
    ];
    const fields = extractInvoice([...placed, ...invoiceBody]);
    expect(fields.vendor_name).toBe(name);
    expect(fields.vendor_address).toBe(`${street}, ${place}`);
  });
});
