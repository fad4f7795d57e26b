import { describe, expect, it } from 'vitest';
import { assignmentSentences, namesAssignee } from '../../packages/core/src/extraction/fields/assignee-names.js';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { doc, extractInvoice, lines, type Placed } from './synthetic.js';

/**
 * A seller that factors its invoices prints a letter whose top names the company paid: a payee's
 * box with the factoring company's name, street and IBAN beside the seller's trading name, and a
 * sentence saying the claim was assigned to that company. The seller's legal name stands only in
 * the footer, with its registration. Placed words: such a letter, one per language.
 */

interface Letter {
  lang: string;
  payeeLabel: string;
  payee: string;
  trade: string;
  sentence: string;
  seller: string;
  register: string;
  labels: [string, string, string, string, string];
}

const letter = (l: Letter): Placed[] => [
  { x: 40, y: 50, text: l.trade, height: 16 },
  { x: 380, y: 30, text: l.payeeLabel },
  { x: 380, y: 44, text: l.payee },
  { x: 380, y: 58, text: 'Hauptstraße 12 · 10115 Berlin' },
  { x: 380, y: 72, text: 'IBAN DE44 5001 0517 5407 3249 31' },
  { x: 40, y: 110, text: l.sentence },
  { x: 40, y: 150, text: `${l.labels[0]} INV-2024-0311` },
  { x: 40, y: 164, text: `${l.labels[1]} 08/03/2024` },
  { x: 40, y: 230, text: 'Montage' },
  { x: 470, y: 230, text: '1.000,00' },
  { x: 330, y: 260, text: l.labels[2] },
  { x: 470, y: 260, text: '1.000,00' },
  { x: 330, y: 274, text: l.labels[3] },
  { x: 470, y: 274, text: '200,00' },
  { x: 330, y: 288, text: l.labels[4] },
  { x: 470, y: 288, text: '1.200,00' },
  { x: 40, y: 790, text: `${l.seller} · Via Roma 45 · 20121 Milano`, height: 6 },
  { x: 40, y: 800, text: l.register, height: 6 },
];

const letters: Letter[] = [
  {
    lang: 'it',
    payeeLabel: 'Beneficiario',
    payee: 'Banca Fattori S.p.A.',
    trade: 'Marchetti Stampa',
    sentence: 'Il credito è stato ceduto a Banca Fattori S.p.A.. Il pagamento deve essere effettuato solo a questa.',
    seller: 'Tipografia Marchetti S.r.l.',
    register: 'Capitale sociale € 47.000,00 i.v. · REA MI-392282 · Registro Imprese di Milano',
    labels: ['Numero fattura', 'Data fattura', 'Imponibile', 'IVA 20 %', 'Totale fattura'],
  },
  {
    lang: 'de',
    payeeLabel: 'Zahlungsempfänger',
    payee: 'Nordfactor Finanz GmbH',
    trade: 'AHT Wärme & Wasser',
    sentence: 'Wir haben unsere Forderungen an die Nordfactor Finanz GmbH abgetreten. Bitte zahlen Sie nur dorthin.',
    seller: 'Albrecht Haustechnik GmbH',
    register: 'Registergericht: Amtsgericht München HRB 48213 · Geschäftsführer: Jonas Albrecht',
    labels: ['Rechnungsnr.', 'Rechnungsdatum', 'Nettobetrag', 'USt. 20 %', 'Rechnungsbetrag'],
  },
  {
    lang: 'nl',
    payeeLabel: 'Begunstigde',
    payee: 'Factris Financiering B.V.',
    trade: 'Hendriks Daken',
    sentence: 'Onze vorderingen zijn gecedeerd aan Factris Financiering B.V.. Betaling uitsluitend aan deze partij.',
    seller: 'Dakwerken Hendriks B.V.',
    register: 'KvK 61234567 · Handelsregister Utrecht',
    labels: ['Factuurnummer', 'Factuurdatum', 'Subtotaal', 'BTW 20 %', 'Totaal'],
  },
];

describe('a claim assigned to a factoring company', () => {
  for (const l of letters)
    it(`${l.lang}: the company paid in its place is not the seller`, () => {
      expect(extractInvoice(letter(l)).vendor_name).not.toBe(l.payee);
    });
});

describe('the sentence that assigns a claim', () => {
  const named = (texts: string[], name: string) =>
    namesAssignee(assignmentSentences(buildLines(doc(lines(40, 40, texts)))), name);

  it('names the company after "assigned to" and "cédée à", wrapped onto the next line too', () => {
    expect(
      named(['This invoice has been assigned to Aldgate Invoice Finance Limited.'], 'Aldgate Invoice Finance Limited'),
    ).toBe(true);
    expect(
      named(['Notre créance a été cédée à la', 'Crédit Affacturage SAS, 10 rue de Rivoli'], 'Crédit Affacturage SAS'),
    ).toBe(true);
  });

  it('names the company German and Dutch put before the verb at the end', () => {
    expect(named(['Die Forderung ist an die Südbank Factoring AG abgetreten.'], 'Südbank Factoring AG')).toBe(true);
  });

  it('does not name the seller that assigned the claim', () => {
    expect(
      named(
        ['Harbour Joinery Ltd has assigned this invoice to Aldgate Invoice Finance Limited.'],
        'Harbour Joinery Ltd',
      ),
    ).toBe(false);
    expect(
      named(['Die Brandt Metallbau AG hat die Forderung an die Südbank AG abgetreten.'], 'Brandt Metallbau AG'),
    ).toBe(false);
  });
});
