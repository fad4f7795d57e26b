import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { repairLegalForm } from '../../packages/core/src/extraction/fields/legal-form-glyphs.js';
import { doc, invoiceBody, page, type Placed } from './synthetic.js';

/**
 * A legal form's small letters that OCR read as look-alike glyphs: Polish "Sp. z o.o." as
 * "Sp. z 0.0.", Italian "S.r.l." as "S.r.I.". The form comes from a closed list, so the glyphs go
 * back to its letters; a name's other words and forms read right are left as read.
 */
describe("a legal form's look-alike glyphs", () => {
  it('go back to the letters of the one form they spell', () => {
    expect(repairLegalForm('Mazowsze Handel Sp. z 0.0.')).toBe('Mazowsze Handel Sp. z o.o.');
    expect(repairLegalForm('Tirrena Ferramenta S.r.I.')).toBe('Tirrena Ferramenta S.r.l.');
    expect(repairLegalForm('ROSSI IMPIANTI S.R.1.')).toBe('ROSSI IMPIANTI S.R.L.');
    expect(repairLegalForm('Graficas Vidal 5.L.')).toBe('Graficas Vidal S.L.');
    expect(repairLegalForm('Van Dijk Media 8.V.')).toBe('Van Dijk Media B.V.');
    expect(repairLegalForm('Impianti Greco 5.p.A.')).toBe('Impianti Greco S.p.A.');
  });

  it('leave forms read right, words that spell no form and a form alone', () => {
    for (const name of [
      'Acme GmbH',
      'Hotel Il Sole',
      'Studio 10',
      'Al Handel B.V.',
      'Sp. z 0.0.',
      'Bar 101',
      'Bloc 5A',
      'Studio 58',
    ])
      expect(repairLegalForm(name)).toBe(name);
  });

  const invoice = (vendor: string, source: 'ocr' | 'text_layer') => {
    const items: Placed[] = [
      { x: 50, y: 60, text: vendor },
      { x: 50, y: 75, text: 'ul. Marszałkowska 10' },
      ...invoiceBody,
    ];
    const read = doc([page(items, { source })]);
    return extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data.vendor_name;
  };

  it("are put right in the vendor's name of an OCR'd invoice, not on a text layer", () => {
    expect(invoice('Mazowsze Handel Sp. z 0.0.', 'ocr')).toBe('Mazowsze Handel Sp. z o.o.');
    expect(invoice('Mazowsze Handel Sp. z 0.0.', 'text_layer')).toBe('Mazowsze Handel Sp. z 0.0.');
  });

  it('let a footer read with a misread form witness a name broken over two lines of a scan', () => {
    const items: Placed[] = [
      { x: 400, y: 40, text: 'Graficas', height: 18 },
      { x: 400, y: 64, text: 'Vidal S.L.', height: 18 },
      { x: 400, y: 90, text: 'Calle Alcala 120' },
      { x: 400, y: 104, text: '28009 Madrid' },
      ...invoiceBody,
      { x: 50, y: 790, text: 'Graficas Vidal 5.L.' },
      { x: 50, y: 802, text: 'Calle Alcala 120' },
      { x: 50, y: 814, text: '28009 Madrid' },
    ];
    const read = doc([page(items, { source: 'ocr' })]);
    const fields = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
    expect(fields.vendor_name).toBe('Graficas Vidal S.L.');
  });
});
