import { describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { doc, extractInvoice, type Placed } from './synthetic.js';

/**
 * E-invoice views (the KoSIT visualisation of an XRechnung, Factur-X and Peppol viewers) print a
 * business term's id small beside its label: "Rechnungsnummer BT-1", "Verkäufer BG-4". The id is
 * neither a word of the label nor a value (layout/term-ids.ts).
 */
const segments = (placed: Placed[]) => buildLines(doc(placed)).map((l) => l.segments.map((s) => s.text));

/** A label, its term id set small right after it, and its value in a column at x 300. */
const row = (y: number, label: string, id: string, value: string): Placed[] => [
  { x: 50, y, text: label },
  { x: 54 + label.length * 6, y: y + 2, text: id, height: 6 },
  { x: 300, y, text: value },
];

/** Two parties as two-column sections, the buyer first as the XRechnung visualisation prints them. */
const view = (lang: 'de' | 'fr'): Placed[] => {
  const l = {
    de: ['Käufer', 'Verkäufer', 'Name:', 'Firmenname:', 'Rechnungsnummer', 'Rechnungsdatum', 'Gesamtbetrag der USt.'],
    fr: [
      'Acheteur',
      'Vendeur',
      'Nom :',
      'Raison sociale :',
      'Numéro de facture',
      'Date de facture',
      'Montant total de la TVA',
    ],
  }[lang];
  return [
    { x: 50, y: 40, text: lang === 'de' ? 'Rechnung' : 'Facture' },
    ...row(80, l[0]!, 'BG-7', ''),
    ...row(94, l[2]!, 'BT-44', lang === 'de' ? 'Hausverwaltung Seidel GmbH' : 'Transports Morel SAS'),
    { x: 300, y: 108, text: lang === 'de' ? 'Am Markt 3' : '8 rue Pasteur' },
    { x: 300, y: 122, text: lang === 'de' ? '04109 Leipzig' : '67000 Strasbourg' },
    ...row(150, l[1]!, 'BG-4', ''),
    ...row(164, l[3]!, 'BT-27', lang === 'de' ? 'Brandt Metallbau AG' : 'Imprimerie Lemaire SA'),
    { x: 300, y: 178, text: lang === 'de' ? 'Industriestraße 14' : '15 quai de la Loire' },
    { x: 300, y: 192, text: lang === 'de' ? '70565 Stuttgart' : '37000 Tours' },
    ...row(230, l[4]!, 'BT-1', 'RE-2024-0417'),
    ...row(244, l[5]!, 'BT-2', '08.03.2024'),
    { x: 50, y: 290, text: lang === 'de' ? 'Montage' : 'Installation' },
    { x: 450, y: 290, text: '1.000,00' },
    ...row(320, lang === 'de' ? 'Gesamtbetrag ohne USt.' : 'Montant total hors TVA', 'BT-109', '1.000,00 €'),
    ...row(334, l[6]!, 'BT-110', lang === 'de' ? '190,00 €' : '200,00 €'),
    ...row(
      348,
      lang === 'de' ? 'Gesamtbetrag einschl. USt.' : 'Montant total TTC',
      'BT-112',
      lang === 'de' ? '1.190,00 €' : '1.200,00 €',
    ),
  ];
};

describe('business term ids beside labels', () => {
  it('are no words of a row, where the page prints several', () => {
    expect(
      segments([...row(100, 'Rechnungsnummer', 'BT-1', 'RE-17'), ...row(114, 'Rechnungsdatum', 'BT-2', '08.03.2024')]),
    ).toEqual([
      ['Rechnungsnummer', 'RE-17'],
      ['Rechnungsdatum', '08.03.2024'],
    ]);
  });

  it('an id wrapped after its hyphen in a narrow cell leaves neither part, the number under it included', () => {
    const wrapped: Placed[] = [
      { x: 300, y: 100, text: 'Numéro de facture' },
      { x: 408, y: 102, text: 'BT-', height: 6 },
      { x: 480, y: 105, text: 'F-2024-363' },
      { x: 300, y: 110, text: '1', height: 6 },
      ...row(130, 'Date de facture', 'BT-2', '08/03/2024'),
      ...row(144, "Date d'échéance", 'BT-9', '07/04/2024'),
    ];
    const text = segments(wrapped).flat();
    expect(text).not.toContain('1');
    expect(text.join(' ')).not.toMatch(/BT-/u);
    expect(text).toContain('F-2024-363');
  });

  it('a lone id is kept: it may be a reference', () => {
    expect(
      segments([
        { x: 50, y: 100, text: 'Invoice No.' },
        { x: 300, y: 100, text: 'BT-12' },
      ]),
    ).toEqual([['Invoice No.', 'BT-12']]);
  });

  for (const lang of ['de', 'fr'] as const)
    it(`${lang}: the invoice number, the seller after the buyer and the tax are read past the ids`, () => {
      const data = extractInvoice(view(lang));
      expect(data.invoice_number).toBe('RE-2024-0417');
      expect(data.vendor_name).toBe(lang === 'de' ? 'Brandt Metallbau AG' : 'Imprimerie Lemaire SA');
      expect(data.tax_amount).toBe(lang === 'de' ? 190 : 200);
    });
});
