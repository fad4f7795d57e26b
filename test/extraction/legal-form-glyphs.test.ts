import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { repairLegalForm, repairLongFormWord } from '../../packages/core/src/extraction/fields/legal-form-glyphs.js';
import { doc, extractWithAndWithoutCaps, invoiceBody, page, type Placed } from './synthetic.js';

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
    expect(repairLegalForm('Gabinet Weterynaryjny Jazwiec Sp.|.')).toBe('Gabinet Weterynaryjny Jazwiec Sp.j.');
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

  it('read once where OCR read a letter of the form twice, in the case the form writes it', () => {
    expect(repairLegalForm('Wojcik Spozywczy Sp. zZ 0.0.')).toBe('Wojcik Spozywczy Sp. z o.o.');
    expect(repairLegalForm('Delta Groothandel V.OO.F.')).toBe('Delta Groothandel V.O.F.');
    expect(repairLegalForm('Wisla Handel Sp. Kk.')).toBe('Wisla Handel Sp. k.');
    expect(repairLegalForm('Saimaa Rakennus Ooy')).toBe('Saimaa Rakennus Oy');
  });

  it("leave a name's own double letters where no form comes of them", () => {
    for (const name of ['Hotel Zoo', 'Bell Hill', 'Grass SS', 'Acme LLC', 'Kaffee Haus Allee'])
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

/**
 * A form's long word read with one letter otherwise ("UG (haftungsbeschrinkt)": OCR's English model
 * has no "ä"): where exactly one form's words are the name's last words but for that letter, the
 * name ends in that form, written as the form list writes it; the repair needs a witness to be sure.
 */
describe("a legal form's long word misread in one letter", () => {
  it('is the one form it is a letter away from, in the case it was printed in', () => {
    expect(repairLongFormWord('Bergmann IT-Service UG (haftungsbeschrinkt)')).toBe(
      'Bergmann IT-Service UG (haftungsbeschränkt)',
    );
    expect(repairLongFormWord('BERGMANN UG (HAFTUNGSBESCHRINKT)')).toBe('BERGMANN UG (HAFTUNGSBESCHRÄNKT)');
  });

  it('leaves a form read right, two letters off, a short form and a long word of no form', () => {
    for (const name of [
      'Bergmann UG (haftungsbeschränkt)',
      'Bergmann UG (haftungsbeschrxnxt)',
      'Acme GmbX',
      'Kühn Elektrotechnix GmbH',
      'Haftungsbeschrinkt',
    ])
      expect(repairLongFormWord(name)).toBe(name);
  });

  /** An OCR'd invoice whose seller a label names once: `seller` as read, `extra` lines at its foot. */
  const invoice = (seller: string, extra: Placed[] = []) =>
    doc([
      page(
        [
          { x: 50, y: 60, text: `Verkäufer: ${seller}` },
          { x: 50, y: 75, text: 'Goethestraße 21, 70173 Stuttgart' },
          ...invoiceBody,
          ...extra,
        ].map((item) => ({ ...item, confidence: 0.96 })),
        { source: 'ocr' },
      ),
    ]);

  it("is put right in an OCR'd seller's name, under 0.9 while nothing else on the page prints the name", () => {
    const { capped, values } = extractWithAndWithoutCaps(invoice('Bergmann IT-Service UG (haftungsbeschrinkt)'));
    expect(values.vendor_name).toBe('Bergmann IT-Service UG (haftungsbeschränkt)');
    expect(capped.vendor_name).toBeLessThan(0.9);
  });

  it('is not held down by the repair where the page prints the name again', () => {
    const footer = [{ x: 50, y: 780, text: 'Bergmann IT-Service UG (haftungsbeschränkt) · Goethestraße 21' }];
    const { capped, free, values } = extractWithAndWithoutCaps(
      invoice('Bergmann IT-Service UG (haftungsbeschrinkt)', footer),
    );
    expect(values.vendor_name).toBe('Bergmann IT-Service UG (haftungsbeschränkt)');
    expect(capped.vendor_name).toBe(free.vendor_name);
  });
});
