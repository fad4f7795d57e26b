import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { lookalikeOf } from '../../packages/core/src/extraction/labels/ocr-misreads.js';
import { doc, page, type Placed } from './synthetic.js';

/**
 * OCR reads a label's letters as their look-alikes ("N.º" as "N.2" or "N.9", "Nº" as "N2", "No." as "N0.",
 * "Número" as "Nimero" or "Ndmero"): on OCR lines a label word matches its reading through a table
 * of known confusions (lexicons/ocr-lookalikes.json), short labels too; a text layer never.
 */

const hitsOf = (text: string, source: 'ocr' | 'text_layer') => {
  const ctx = createContext(doc([page([{ x: 40, y: 200, text }], { source })]), []);
  const line = ctx.lines.find((l) => l.text === text)!;
  return ctx.labels.hitsOn(line).map((h) => ({ key: h.key, label: text.slice(h.start, h.end) }));
};

describe('look-alike glyphs of a label word', () => {
  it.each([
    ['nimero', 'numero'],
    ['ndmero', 'numero'],
    ['niimero', 'numero'],
    ['n2', 'no'],
    ['n0', 'no'],
    ['n9', 'no'],
    ['2', 'o'],
    ['bestel1ing', 'bestelling'],
  ])('"%s" reads as "%s"', (read, meant) => {
    expect(lookalikeOf(read, meant)).toBe(true);
  });

  it.each([
    ['numero', 'numero'],
    ['nomero', 'numero'],
    ['nr', 'no'],
    ['n20', 'no'],
    ['nidmerd', 'numero'],
  ])('"%s" is no look-alike of "%s"', (read, meant) => {
    expect(lookalikeOf(read, meant)).toBe(false);
  });
});

describe('number labels read with look-alikes on OCR lines', () => {
  it.each([
    ['N.2 de pedido: 58213', 'po_number', 'N.2 de pedido'],
    ['Pedido N.2 58213', 'po_number', 'Pedido N.2'],
    ['N.9 de pedido: 58213', 'po_number', 'N.9 de pedido'],
    ['Pedido N.9 58213', 'po_number', 'Pedido N.9'],
    ['Nimero de pedido 58213', 'po_number', 'Nimero de pedido'],
    ['N0. de commande 58213', 'po_number', 'N0. de commande'],
    ['Factura N2 58213', 'invoice_number', 'Factura N2'],
    ['Ndmero: 58213', 'invoice_number', 'Ndmero'],
    ['N2 58213', 'po_number', 'N2'],
  ])('"%s" holds the %s label "%s"', (text, key, label) => {
    expect(hitsOf(text, 'ocr')).toContainEqual({ key, label });
  });

  it('reads a text layer as written', () => {
    expect(hitsOf('Ndmero: 58213', 'text_layer')).toEqual([]);
    expect(hitsOf('N2 58213', 'text_layer')).toEqual([]);
  });

  it('takes no number of digits alone for a label word ("2" of a quantity is no "º")', () => {
    expect(hitsOf('2 x Widget 58213', 'ocr')).toEqual([]);
    expect(hitsOf('P0-2024-0042', 'ocr')).toEqual([]);
  });
});

describe('an order number beside a look-alike label on a scan', () => {
  const order = (label: string) => {
    const placed: Placed[] = [
      { x: 40, y: 40, text: 'Suministros Iberia S.L.' },
      { x: 40, y: 54, text: 'Calle Mayor 12, 28013 Madrid' },
      { x: 380, y: 40, text: 'PEDIDO' },
      { x: 380, y: 70, text: label },
      { x: 480, y: 70, text: '58213' },
      { x: 380, y: 84, text: 'Fecha' },
      { x: 480, y: 84, text: '12/03/2024' },
      { x: 40, y: 120, text: 'Proveedor' },
      { x: 40, y: 134, text: 'Papelera Norte S.A.' },
      { x: 40, y: 148, text: 'Avenida del Puerto 4, 46001 Valencia' },
      { x: 40, y: 200, text: 'Descripción' },
      { x: 440, y: 200, text: 'Importe' },
      { x: 40, y: 214, text: 'Papel A4, 20 cajas' },
      { x: 440, y: 214, text: '300,00' },
      { x: 380, y: 240, text: 'Total' },
      { x: 440, y: 240, text: '363,00' },
    ];
    return extractFields(doc([page(placed, { source: 'ocr' })]), [...RECOMMENDED_FIELDS.purchase_order], {
      documentType: 'purchase_order',
    }).extracted_data;
  };

  it.each(['N.2 de pedido', 'N.9 de pedido', 'Nimero de pedido', 'Ndmero:', 'N2'])('is read beside "%s"', (label) => {
    expect(order(label).po_number).toBe('58213');
  });
});
