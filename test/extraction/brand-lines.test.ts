import { describe, expect, it } from 'vitest';
import { extractInvoice, invoiceBody, lines, type Placed } from './synthetic.js';

/**
 * A letterhead that sets the brand large over the rest of the legal name ("NORDWIND" over "Textil
 * GmbH"), where the footer's legal line prints the name whole and runs on after its legal form
 * ("Nordwind Textil GmbH mit Sitz in Hamburg", "Mistral Équipements SARL au capital de 20 000 €"):
 * the footer witnesses the two lines as one name.
 */

const page = (brand: string, rest: string, street: string, footer: string): Placed[] => [
  { x: 50, y: 30, text: brand, height: 30 },
  { x: 50, y: 62, text: rest, height: 9 },
  { x: 50, y: 73, text: street, height: 9 },
  ...lines(50, 130, ['Modehaus Becker KG', 'Königstraße 12', '70173 Stuttgart']),
  ...invoiceBody.map((p) => ({ ...p, y: p.y + 100 })),
  { x: 60, y: 780, text: footer, height: 7 },
];

describe('a brand set large over the rest of its legal name', () => {
  it('joins the two lines where the legal line runs on after the form (German)', () => {
    const fields = extractInvoice(
      page(
        'NORDWIND',
        'Textil GmbH',
        'Speicherstraße 8 · 20457 Hamburg',
        'Nordwind Textil GmbH mit Sitz in Hamburg · Amtsgericht Hamburg HRB 154872',
      ),
    );
    expect(fields.vendor_name).toBe('NORDWIND Textil GmbH');
  });

  it('joins the two lines where the legal line runs on after the form (French)', () => {
    const fields = extractInvoice(
      page(
        'MISTRAL',
        'Équipements SARL',
        '8 rue des Forges, 42000 Saint-Étienne',
        'Mistral Équipements SARL au capital de 20 000 € · RCS Saint-Étienne 812 345 678',
      ),
    );
    expect(fields.vendor_name).toBe('MISTRAL Équipements SARL');
  });
});
