import { describe, expect, it } from 'vitest';
import { classificationEvidence, classifyDocument } from '@intake/core';
import { calibratedConfidence } from '../../packages/core/src/classification/calibration.js';
import { doc, lines } from './synthetic.js';

/** The classifier's confidence is a fitted probability of being right (calibration.json). */
describe('classifyDocument: confidence', () => {
  it('never falls as the lead grows, in share or in points', () => {
    let last = 0;
    for (const total of [1, 2, 4, 8, 16, 32, 64]) {
      for (const margin of [0, 0.1, 0.3, 0.5, 0.8, 1]) {
        const lower = calibratedConfidence({ share: (1 + margin) / 2, margin, total });
        const wider = calibratedConfidence({ share: 1, margin: Math.min(1, margin + 0.1), total });
        const more = calibratedConfidence({ share: (1 + margin) / 2, margin, total: total * 2 });
        expect(wider, `margin ${margin}, total ${total}`).toBeGreaterThanOrEqual(lower);
        expect(more, `margin ${margin}, total ${total}`).toBeGreaterThanOrEqual(lower);
      }
      const clear = calibratedConfidence({ share: 1, margin: 1, total });
      expect(clear).toBeGreaterThanOrEqual(last);
      last = clear;
    }
  });

  it('is at least 0.9 for an invoice titled Rechnung that cites its order, a till slip and a purchase order', () => {
    const documents = {
      invoice: lines(40, 60, [
        'Rechnung Nr. 2024-118',
        'Ihre Bestellung Nr. 4711 vom 03.02.2024',
        'Bestelldatum 03.02.2024',
        'Rechnungsdatum 10.02.2024',
        'USt-IdNr. DE123456789',
        'IBAN DE02 1203 0000 0000 2020 51',
        'Gesamtbetrag 119,00',
      ]),
      receipt: lines(200, 60, [
        'Bäckerei Schmitt',
        'Beleg-Nr. 518828',
        'Kasse: 3',
        'Bar 20,00',
        'Rückgeld 7,60',
        'Vielen Dank für Ihren Einkauf',
        'SUMME 12,40',
      ]),
      purchase_order: lines(40, 60, [
        'PURCHASE ORDER',
        'PO Number: 4500012',
        'Vendor: Acme',
        'Ship To: Warehouse 3',
        'Please quote the PO number on your invoice',
        'Total 500.00',
      ]),
    };
    for (const [type, placed] of Object.entries(documents)) {
      const result = classifyDocument(doc(placed));
      expect(result.documentType, result.reasoning).toBe(type);
      expect(result.confidence, `${type}: ${result.reasoning}`).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('stays under 0.7 when the evidence is split between an order and a receipt', () => {
    // An online shop's payment slip: the order's labels and the card payment's, weighing about alike.
    const placed = lines(40, 60, ['Bestellnummer 2390', 'Bestelldatum 03.02.2024', 'Zahlungsbeleg', 'VISA **** 4711']);
    const evidence = classificationEvidence(doc(placed));
    expect(evidence.margin, JSON.stringify(evidence)).toBeLessThan(0.3);
    const result = classifyDocument(doc(placed));
    expect(result.confidence, result.reasoning).toBeLessThan(0.7);
  });

  it('keeps 0.2 where nothing points to any type', () => {
    expect(classifyDocument(doc(lines(40, 60, ['Acme GmbH', 'Hauptstraße 1', '12345 Berlin']))).confidence).toBe(0.2);
  });
});
