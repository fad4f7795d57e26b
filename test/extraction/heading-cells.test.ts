import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, extractInvoice, lines, oneItemTable, type Placed } from './synthetic.js';

/**
 * A row of column headings over one row of values: two headings in cells of their own are two
 * labels, even where their words together make a longer label ("Data ‖ Consegna" is no "Data
 * consegna"), as long as the first alone is a label; a label whose first cell is none stays whole.
 */

const order = (headings: [string, string, string, string]): Placed[] => [
  ...lines(50, 40, ['Lombarda Commerciale S.r.l.', 'Corso Vittorio Emanuele 212', '20121 Milano']),
  { x: 50, y: 100, text: "Ordine d'acquisto nr. 2023/93112" },
  { x: 50, y: 150, text: headings[0] },
  { x: 180, y: 150, text: headings[1] },
  { x: 320, y: 150, text: headings[2] },
  { x: 440, y: 150, text: headings[3] },
  { x: 50, y: 164, text: '06 4567 8901' },
  { x: 180, y: 164, text: '18/05/2020' },
  { x: 320, y: 164, text: '12/06/2020' },
  { x: 440, y: 164, text: '11/08/2020' },
  { x: 50, y: 220, text: 'Descrizione' },
  { x: 470, y: 220, text: 'Importo' },
  { x: 50, y: 236, text: 'Acqua minerale' },
  { x: 470, y: 236, text: '30,94' },
  { x: 380, y: 270, text: 'Totale documento' },
  { x: 470, y: 270, text: '30,94' },
];

describe('a row of column headings', () => {
  it('gives each heading its own column: the order date under "Data", the delivery under "Consegna"', () => {
    const data = extractFields(
      doc(order(['Tel.', 'Preventivo del', 'Data', 'Consegna'])),
      [...RECOMMENDED_FIELDS.purchase_order],
      { documentType: 'purchase_order' },
    ).extracted_data;
    expect(data.order_date).toBe('2020-06-12');
    expect(data.delivery_date).toBe('2020-08-11');
  });

  it('keeps a label whole whose first cell is no label', () => {
    const data = extractInvoice([
      ...lines(50, 40, ['Harbor Foods LLC', '12 Pier Road', 'Portland, ME 04101']),
      { x: 50, y: 150, text: 'Invoice' },
      { x: 200, y: 150, text: 'Date' },
      { x: 330, y: 150, text: '03/12/2024' },
      { x: 50, y: 164, text: 'Invoice No.' },
      { x: 200, y: 164, text: 'HF-2291' },
      ...oneItemTable('Total'),
    ]);
    expect(data.invoice_date).toBe('2024-03-12');
  });
});

describe("a Spanish invoice's issue date", () => {
  it.each(['Fecha de expedición', 'Fecha de expedición y operación'])('is labelled "%s"', (label) => {
    const data = extractInvoice([
      ...lines(50, 40, ['Molina & Castillo Asociados S.L.', 'Paseo de Gracia 188', '46002 Valencia']),
      { x: 50, y: 150, text: 'Periodo de facturación' },
      { x: 230, y: 150, text: label },
      { x: 430, y: 150, text: 'Fecha de vencimiento' },
      { x: 50, y: 164, text: '01/09/2019 - 30/09/2019' },
      { x: 230, y: 164, text: '13 octubre 2019' },
      { x: 430, y: 164, text: '27 octubre 2019' },
      ...oneItemTable('Total factura'),
    ]);
    expect(data.invoice_date).toBe('2019-10-13');
  });
});
