import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { createContext } from '../../packages/core/src/extraction/context.js';
import { labelledNames } from '../../packages/core/src/extraction/fields/labelled-names.js';
import { looksLikeName } from '../../packages/core/src/extraction/fields/party-lines.js';
import { doc, extractInvoice, extractWithAndWithoutCaps, lines, type Placed } from './synthetic.js';

/**
 * Layouts that open-source ERP and invoicing software prints: boxed "Émetteur" and "Adressé à"
 * blocks, the reference and dates right-aligned at the top, and the company's legal mentions in
 * a centred footer.
 */

/** A purchase order whose issuing company prints only its logo at the top, no name as text. */
function orderWithLegalFooter(footer: string): Placed[] {
  return [
    { x: 420, y: 30, text: 'Commande fournisseur' },
    ...lines(400, 50, ['Réf. : CF2410-0944', 'Date commande : 08/10/2024']),
    ...lines(40, 120, ['Émetteur', 'Hôtel du Parc', '8 place du Marché', '44000 Nantes']),
    ...lines(300, 120, ['Adressé à', 'Lumière et Son', '12 rue des Lilas', '69003 Lyon']),
    ...lines(40, 260, [
      'Désignation                 Qté      Total HT',
      'Remplacement vitrage         2        598,84',
    ]),
    ...lines(340, 320, ['Total HT      598,84', 'Total TVA 20%   119,77', 'Total TTC     718,61']),
    { x: 60, y: 800, text: footer },
  ];
}

describe('ERP print layouts', () => {
  it("reads no name in the legal mention of a company's share capital", () => {
    expect(looksLikeName('SARL au capital de 10 000 €')).toBe(false);
    expect(looksLikeName('SpA Capitale sociale € 120.000 i.v.')).toBe(false);
    expect(looksLikeName('Ltd Share capital £ 1,000')).toBe(false);
    // A company named after capital stays a name.
    expect(looksLikeName('Capital Conseil SARL')).toBe(true);
  });

  it('takes no supplier from the footer that states the share capital', () => {
    const placed = orderWithLegalFooter(
      'SARL au capital de 10 000 € - SIRET : 812 345 678 00017 - N° TVA : FR32812345678',
    );
    const result = extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], {
      documentType: 'purchase_order',
    });
    expect(JSON.stringify(result.extracted_data.supplier_name ?? null)).not.toMatch(/capital/i);
  });

  it('reads the order number after a bare "Ref." under the title, in French, English and German', () => {
    for (const [reference, number] of [
      ['Réf. : CF2410-0944', 'CF2410-0944'],
      ['Ref. : PO2403-0894', 'PO2403-0894'],
      ['Nummer : CO2304-0760', 'CO2304-0760'],
    ]) {
      const placed = orderWithLegalFooter('SIRET : 812 345 678 00017').map((p) =>
        p.text.startsWith('Réf. :') ? { ...p, text: reference! } : p,
      );
      const result = extractFields(doc(placed), [...RECOMMENDED_FIELDS.purchase_order], {
        documentType: 'purchase_order',
      });
      expect(result.extracted_data.po_number, reference).toBe(number);
    }
  });

  it('keeps below 0.9 the party of an order that stands in an addressee box', () => {
    // A supplier order's "Adressé à" box holds the supplier; a customer order's, with the same
    // boxes, the buyer: the box alone does not say which side the name is.
    const order = doc(orderWithLegalFooter('SIRET : 812 345 678 00017'));
    const { capped, free, values } = extractWithAndWithoutCaps(order, 'purchase_order');
    expect(values.buyer_name).toBe('Lumière et Son');
    expect(free.buyer_name).toBeGreaterThanOrEqual(0.9);
    expect(capped.buyer_name).toBeLessThanOrEqual(0.85);
  });

  it('reads no party key in an item cell that ends with "de"', () => {
    // An invoice template that prints each item's short name beside its description, the
    // parties above without a label: "Hora de" is no "De:" over a sender's name.
    const placed: Placed[] = [
      ...lines(40, 40, ['Clínica Dental Sol', 'Avenida de la Constitución 8', 'Sevilla 41001']),
      ...lines(400, 40, ['Panadería La Espiga', 'Calle del Carmen 15', 'Madrid 28013']),
      ...lines(330, 120, ['Fecha de factura:   19/08/2024', 'Fecha de vencimiento:   18/09/2024']),
      { x: 40, y: 170, text: 'Factura INV-2024-109' },
      { x: 40, y: 200, text: 'Artículo' },
      { x: 160, y: 200, text: 'Descripción' },
      { x: 480, y: 200, text: 'Total' },
      ...lines(40, 216, ['Hora de', 'Formación de', 'Desplazamiento']),
      ...lines(160, 216, ['Hora de mano de obra', 'Formación de usuarios', 'Desplazamiento']),
      ...lines(480, 216, ['665,40 €', '104,28 €', '279,56 €']),
      ...lines(400, 270, ['Subtotal   1049,24 €', 'IVA (21%)   220,34 €', 'Total   1269,58 €']),
    ];
    const ctx = createContext(doc(placed), []);
    const named = labelledNames(ctx, ['vendor_name'], 'vendor_name').map((c) => c.value);
    expect(named).toEqual([]);
  });

  it('reads the invoice date after "Date facturation" and "Fecha facturación", not the due date', () => {
    for (const [dateLabel, dueLabel] of [
      ['Date facturation', 'Date échéance'],
      ['Fecha facturación', 'Fecha de vencimiento'],
    ]) {
      const placed: Placed[] = [
        { x: 40, y: 30, text: 'BQ' },
        ...lines(380, 30, ['Facture FA2403-0669', 'Réf. client : BC-2291']),
        ...lines(380, 58, [`${dateLabel} : 06/03/2024`, `${dueLabel} : 20/04/2024`, 'Code client : CU2401-00090']),
        ...lines(40, 140, [
          'Désignation                 Qté      Total HT',
          'Audit de sécurité            1        250,00',
        ]),
        ...lines(340, 200, ['Total HT      250,00', 'Total TVA 20%   50,00', 'Total TTC     300,00']),
      ];
      expect(extractInvoice(placed).invoice_date, dateLabel).toBe('2024-03-06');
    }
  });

  it('reads the tax of the row InvoicePlane prints in German, "Steuer Posten"', () => {
    const placed: Placed[] = [
      ...lines(40, 40, ['Müller Bau GmbH', 'Am Markt 7', 'Leipzig 04109']),
      ...lines(400, 40, ['Datenwerk Nord GmbH', 'Hauptstraße 14', 'Ulm 89073']),
      ...lines(360, 120, ['Rechnungsdatum:   02.05.2024', 'Fällig am:   01.06.2024']),
      { x: 40, y: 170, text: 'Rechnung INV-2024-57' },
      ...lines(40, 200, ['Posten        Beschreibung            Menge      Preis       Gesamt']),
      ...lines(40, 216, ['Wartung       Wartungsvertrag Server   1,00   4 191,13 €   4 191,13 €']),
      ...lines(340, 250, ['Zwischensumme   4 191,13 €', 'Steuer Posten   616,63 €', 'Gesamt   4 807,76 €']),
    ];
    expect(extractInvoice(placed).tax_amount).toBe(616.63);
  });
});
