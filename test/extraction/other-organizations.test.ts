import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS } from '@intake/core';
import { collectExamples } from '@intake/core/extraction';
import { doc, invoiceBody, lines, type Placed } from './synthetic.js';

/**
 * Organizations other than the seller and the buyer that invoices print, each after a phrase of
 * its language (lexicons/name-phrases.json, `other_after`): a bank ("Bank: …"), an invoicing or
 * payment service ("Erstellt mit …", "Zahlbar über …", "Payable via …"), a carrier ("Shipped via
 * …"), a partner or parent ("Membre du groupe …"), an insurer ("Berufshaftpflicht: …"). Found with the lab's `synth --family
 * stranger` (its `others` trait) and `weak`: such a line was taken whole for the seller. A bank's
 * name beside its account line ("Zeeuwse Handelsbank N.V. · IBAN …", fields/bank-names.ts) neither.
 */

const invoice = (placed: Placed[]) =>
  extractFields(doc(placed), [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
/** The values the rules offer the ranker for an invoice's seller. */
const sellerCandidates = (placed: Placed[]) =>
  collectExamples(doc(placed), [...RECOMMENDED_FIELDS.invoice], { vendor_name: '?' }, 'invoice')
    .find((l) => l.role === 'vendor_name')!
    .candidates.map((c) => String(c.value));

/** An invoice whose seller is named in the footer's legal line only, under another line at `y`. */
const page = (seller: string, other: string, y: number): Placed[] => [
  ...lines(50, 110, ['Bill to', 'Summit Traders Ltd', '5 Market Road', 'Manchester M1 1AA']),
  ...invoiceBody,
  { x: 50, y, text: other },
  { x: 120, y: 790, text: `${seller} · Hauptstraße 5 · 10115 Berlin` },
];

const OTHERS: [string, string][] = [
  ['Autorisierter Servicepartner der Kessler Industrie AG', 'Kessler Industrie AG'],
  ['Miembro del Grupo Ibarrola S.A.', 'Grupo Ibarrola S.A.'],
  ['Beroepsaansprakelijkheidsverzekering: Zuiderzee Verzekeringen N.V.', 'Zuiderzee Verzekeringen N.V.'],
  ['Facture générée par Facturio SAS', 'Facturio SAS'],
  ['Shipped via Northline Freight Ltd', 'Northline Freight Ltd'],
  ['Bank: Albion Commercial Bank Ltd', 'Albion Commercial Bank Ltd'],
  ['Versand mit Paketblitz GmbH, Sendungsnr. 480213904417', 'Paketblitz GmbH'],
  // A payment provider in the payment box ("Zahlbar über PayPal (Europe) S.à r.l. et Cie, S.C.A.").
  ['Zahlbar über Zahlfix (Europe) S.à r.l. et Cie, S.C.A.', 'Zahlfix (Europe) S.à r.l.'],
  ['Payable via Paylane Payments Europe, Ltd.', 'Paylane Payments Europe, Ltd.'],
  ['Betaalbaar via Betaalvlot B.V.', 'Betaalvlot B.V.'],
  ['Pagabile tramite Pagosicuro S.p.A.', 'Pagosicuro S.p.A.'],
  // A bank beside the account it keeps, a bank's word inside its name's compound.
  ['Zeeuwse Handelsbank N.V. · IBAN NL20 INGB 0001 2345 67 · BIC INGBNL2A', 'Zeeuwse Handelsbank N.V.'],
  ['Bankhaus Lindqvist KG · IBAN DE44 5001 0517 5407 3249 31', 'Bankhaus Lindqvist KG'],
];

describe('another organization after its phrase', () => {
  it.each(OTHERS)('"%s" offers no seller', (line, name) => {
    const offered = sellerCandidates(page('Berg Handel e.K.', line, 60));
    expect(offered).toContain('Berg Handel e.K.');
    expect(offered.filter((c) => c.includes(name.split(' ')[0]!))).toEqual([]);
  });

  it('leaves the seller named before the phrase ("X, member of Y")', () => {
    const offered = sellerCandidates(page('Berg Handel e.K.', 'Carter Tools Ltd, member of Halvorsen Group plc', 640));
    expect(offered).toContain('Carter Tools Ltd');
    expect(offered.filter((c) => c.includes('Halvorsen'))).toEqual([]);
  });

  it("leaves a seller's own footer line with its account, a bank's word nowhere in its name", () => {
    const placed = page('Berg Handel e.K.', 'Sparkasse Oberwald · IBAN DE02 1203 0000 0000 2020 51', 640);
    placed[placed.length - 1] = {
      x: 60,
      y: 790,
      text: 'Berg Handel e.K. · Hauptstraße 5 · IBAN DE02 1203 0000 0000 2020 51',
    };
    const offered = sellerCandidates(placed);
    expect(offered).toContain('Berg Handel e.K.');
    expect(offered.filter((c) => c.includes('Sparkasse'))).toEqual([]);
  });

  it('is not the vendor where it stands above the seller, in any of the languages', () => {
    for (const [line] of OTHERS)
      expect(invoice(page('Berg Handel e.K.', line, 60)).vendor_name, line).toBe('Berg Handel e.K.');
  });
});
