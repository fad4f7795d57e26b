import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * On OCR lines labels are matched allowing for split words and letters read wrong
 * (labels/ocr-misreads.ts). Neither may make a label of words printed as another label or of words
 * in two columns: "Date d'échéance" read right stays the due date's label (not "dated" and
 * "échéance"), and "Services" ending a buyer's name and the "Date" of "Date de facture" beside it
 * are no misread "Service Date".
 */

const READ = 0.95;

/** A French invoice's head as OCR reads it: the buyer's block left, number, dates and labels right. */
const head = (dateRow: Placed[], dueRow: Placed[]): Placed[] => [
  { x: 240, y: 88, text: 'Martin Equipements SA' },
  { x: 270, y: 106, text: 'rue du Commerce 65' },
  { x: 289, y: 118, text: '69002 Lyon' },
  { x: 494, y: 155, text: 'Facture' },
  { x: 65, y: 183, text: 'Destinataire' },
  { x: 340, y: 183, text: 'Facture n°' },
  { x: 470, y: 183, text: '2020/31498' },
  ...dateRow,
  ...dueRow,
  { x: 64, y: 223, text: '75011 Paris' },
  { x: 66, y: 307, text: 'Désignation' },
  { x: 470, y: 307, text: 'Montant HT' },
  { x: 66, y: 325, text: 'Papier A4' },
  { x: 470, y: 325, text: '€13,44' },
  { x: 380, y: 360, text: 'Total TTC' },
  { x: 470, y: 360, text: '€16,13' },
];

const SERVICES_ROW: Placed[] = [
  { x: 65, y: 196, text: 'Lumiere Services' },
  { x: 340, y: 196, text: 'Date de facture' },
  { x: 470, y: 196, text: '10/07/2024' },
];
const DUE_ROW: Placed[] = [
  { x: 64, y: 212, text: 'avenue Victor Hugo 76' },
  { x: 340, y: 212, text: "Date d'échéance:" },
  { x: 470, y: 212, text: '17/07/2024' },
];

const ocrDoc = (placed: Placed[]) =>
  doc([
    page(
      placed.map((p) => ({ ...p, confidence: READ })),
      { source: 'ocr' },
    ),
  ]);

const hitsOnRow = (placed: Placed[], y: number) => {
  const ctx = createContext(ocrDoc(placed), []);
  const line = ctx.lines.find((l) => Math.abs(l.y0 - y) < 1)!;
  return ctx.labels.hitsOn(line).map((h) => ({ key: h.key, label: line.text.slice(h.start, h.end) }));
};

describe('labels on OCR lines keep to what was printed', () => {
  it('reads "Date d\'échéance" as the due date\'s label, not a split "dated"', () => {
    const hits = hitsOnRow(head(SERVICES_ROW, DUE_ROW), 212);
    expect(hits).toContainEqual({ key: 'due_date', label: "Date d'échéance" });
    expect(hits.filter((h) => h.key === 'invoice_date' && h.label.startsWith('Date'))).toEqual([]);
  });

  it('still rejoins a label word OCR split ("Rechnungssum me")', () => {
    const hits = hitsOnRow([{ x: 40, y: 200, text: 'Rechnungssum me 1.500,00' }], 200);
    expect(hits).toContainEqual({ key: 'total_amount', label: 'Rechnungssum me' });
  });

  it('matches no misread label across a column gap ("Services" | "Date de facture")', () => {
    const hits = hitsOnRow(head(SERVICES_ROW, DUE_ROW), 196);
    expect(hits).toContainEqual({ key: 'invoice_date', label: 'Date de facture' });
    expect(hits.filter((h) => h.key === 'delivery_date')).toEqual([]);
    // Within one segment the misread label stands: "Services Date" read for "Service Date".
    const within = hitsOnRow([{ x: 40, y: 200, text: 'Services Date 10/07/2024' }], 200);
    expect(within).toContainEqual({ key: 'delivery_date', label: 'Services Date' });
  });

  it('gives the scanned invoice its date of issue and due date', () => {
    const data = extractFields(ocrDoc(head(SERVICES_ROW, DUE_ROW)), [...RECOMMENDED_FIELDS.invoice], {
      documentType: 'invoice',
    }).extracted_data;
    expect(data).toMatchObject({ invoice_date: '2024-07-10', due_date: '2024-07-17' });
  });
});
