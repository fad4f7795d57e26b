import { describe, expect, it } from 'vitest';
import { extractInvoice, type Placed } from './synthetic.js';

/**
 * E-invoice renderings name more parties than seller and buyer, each by its EN 16931 role: the
 * seller's tax representative (BG-11) among them. Its label holds the seller's word ("Représentant
 * fiscal du vendeur", "Representante fiscal del vendedor", "Steuerlicher Vertreter des Verkäufers",
 * "Seller tax representative") and names another company: the longer label wins, and its party is
 * never the seller. Placed words: parties as blocks under their labels, as a Peppol viewer sets them.
 */

/**
 * Blocks of parties, each a label over a name and an address: the first two side by side (x 40 and
 * 320), the third under the first, as a viewer wraps its columns.
 */
const columns = (parties: [string, string, string, string][]): Placed[] =>
  parties.flatMap(([label, name, street, city], i) => {
    const [x, y] = [i === 1 ? 320 : 40, i === 2 ? 170 : 90];
    return [
      { x, y, text: label },
      { x, y: y + 14, text: name },
      { x, y: y + 28, text: street },
      { x, y: y + 42, text: city },
    ];
  });

/** A number, a date, one item and the totals under the parties. */
const body = (labels: [string, string, string, string, string]): Placed[] => [
  { x: 40, y: 40, text: `${labels[0]} RE-2024-0419` },
  { x: 40, y: 56, text: `${labels[1]} 08/03/2024` },
  { x: 40, y: 236, text: 'Installation' },
  { x: 470, y: 236, text: '1.000,00' },
  { x: 320, y: 240, text: labels[2] },
  { x: 470, y: 240, text: '1.000,00' },
  { x: 320, y: 254, text: labels[3] },
  { x: 470, y: 254, text: '200,00' },
  { x: 320, y: 268, text: labels[4] },
  { x: 470, y: 268, text: '1.200,00' },
];

const cases: { lang: string; seller: string; placed: Placed[] }[] = [
  {
    lang: 'fr',
    seller: 'Froid Service Bernard SAS',
    placed: [
      ...body(['Facture n°', 'Date de facture', 'Total HT', 'TVA 20 %', 'Total TTC']),
      ...columns([
        ['Représentant fiscal du vendeur', 'Fiscalis Représentation SAS', '8 rue Pasteur', '67000 Strasbourg'],
        ['Fournisseur', 'Froid Service Bernard SAS', '15 quai de la Loire', '37000 Tours'],
        ['Client', 'Transports Morel SAS', '2 avenue Foch', '69006 Lyon'],
      ]),
    ],
  },
  {
    lang: 'es',
    seller: 'Instalaciones Serrano S.L.',
    placed: [
      ...body(['Nº factura', 'Fecha factura', 'Base imponible', 'IVA 20 %', 'Total factura']),
      ...columns([
        [
          'Representante fiscal del vendedor',
          'Representaciones Fiscales Ibéricas S.L.',
          'Calle Alcalá 120',
          '28009 Madrid',
        ],
        ['Proveedor', 'Instalaciones Serrano S.L.', 'Avda. Diagonal 455', '08036 Barcelona'],
        ['Cliente', 'Hotel Mirador S.L.', 'Calle Mayor 3', '46001 Valencia'],
      ]),
    ],
  },
  {
    lang: 'de',
    seller: 'Brandt Metallbau AG',
    placed: [
      ...body(['Rechnungsnr.', 'Rechnungsdatum', 'Nettobetrag', 'USt. 20 %', 'Rechnungsbetrag']),
      ...columns([
        ['Steuerlicher Vertreter des Verkäufers', 'Steuerberatung Kessler GmbH', 'Am Markt 3', '04109 Leipzig'],
        ['Lieferant', 'Brandt Metallbau AG', 'Industriestraße 14', '70565 Stuttgart'],
        ['Kunde', 'Autohaus Krüger KG', 'Hafenweg 2', '20095 Hamburg'],
      ]),
    ],
  },
];

describe("the seller's tax representative", () => {
  for (const { lang, seller, placed } of cases)
    it(`${lang}: is no seller, though its label holds the seller's word`, () => {
      expect(extractInvoice(placed).vendor_name).toBe(seller);
    });
});

/**
 * A designed letter whose letterhead shows the seller's trading name, its legal name on the sender
 * line and in the footer, and a box of the payee (EN 16931's BG-10: a factoring company, paid
 * instead of the seller) beside the buyer.
 */
const payeeLetter = (payeeLabel: string): Placed[] => [
  { x: 40, y: 30, text: 'Harbour Kitchens', height: 18 },
  { x: 40, y: 52, text: '22 Station Road · Reading RG1 1LX' },
  { x: 40, y: 90, text: 'Harbour & Vale Joinery Ltd · 22 Station Road · Reading RG1 1LX', height: 6 },
  { x: 40, y: 104, text: 'Westfield Logistics plc' },
  { x: 40, y: 118, text: '5 Dock Street' },
  { x: 40, y: 132, text: 'Leeds LS11 5DJ' },
  { x: 330, y: 90, text: 'Invoice number' },
  { x: 450, y: 90, text: 'INV-2024-0311' },
  { x: 330, y: 104, text: 'Invoice date' },
  { x: 450, y: 104, text: '08/03/2024' },
  { x: 40, y: 170, text: payeeLabel },
  { x: 40, y: 184, text: 'Aldgate Invoice Finance Limited' },
  { x: 40, y: 198, text: '1 Finsbury Square' },
  { x: 40, y: 212, text: 'London EC2A 1AE' },
  { x: 40, y: 226, text: 'IBAN GB29 NWBK 6016 1331 9268 19' },
  { x: 40, y: 270, text: 'Kitchen fitting' },
  { x: 470, y: 270, text: '1,000.00' },
  { x: 330, y: 300, text: 'Subtotal' },
  { x: 470, y: 300, text: '1,000.00' },
  { x: 330, y: 314, text: 'VAT 20%' },
  { x: 470, y: 314, text: '200.00' },
  { x: 330, y: 328, text: 'Total' },
  { x: 470, y: 328, text: '1,200.00' },
  {
    x: 40,
    y: 780,
    text: 'Harbour & Vale Joinery Ltd · 22 Station Road · Reading RG1 1LX · VAT GB123456789',
    height: 6,
  },
];

describe('the payee of an e-invoice', () => {
  it('"Payee" over a factoring company names no seller', () => {
    expect(extractInvoice(payeeLetter('Payee')).vendor_name).toBe('Harbour & Vale Joinery Ltd');
  });
});
