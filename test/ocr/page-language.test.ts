import { francAll } from 'franc-min';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OCR_LANGUAGES, DEFAULT_OTHER_OCR_LANGUAGES } from '../../packages/ocr-tesseract/src/languages.js';
import { otherLanguageOf } from '../../packages/ocr-tesseract/src/ocr/page-language.js';

/**
 * Which pages are read again in another language: those whose words, as the first languages read
 * them (accents lost or garbled), are that language's. Words as tesseract's English and German
 * models give them.
 */
const words = (line: string): { text: string }[] => line.split(/\s+/u).map((text) => ({ text }));
const guess = (line: string, others = DEFAULT_OTHER_OCR_LANGUAGES): string | null =>
  otherLanguageOf(words(line), DEFAULT_OCR_LANGUAGES, others);

const PAGES = {
  // "Usługi" read as "Ustugi", "Wspólnicy" as "Wspélnicy": Polish all the same.
  pol: [
    'Faktura VAT nr FV/2024/118 Data wystawienia 12.03.2024 Data sprzedazy 12.03.2024',
    'Sprzedawca Ustugi Ksiegowe Wozniak i Wspélnicy Sp. z o.o. ul. Diuga 213 90-001 Lodz NIP 725-18-01-126',
    'Nabywca Wista Handel Sp. z o.o. Gdansk Nazwa towaru lub ustugi Ilosé Cena netto Wartosé netto Stawka VAT',
    'Razem do zaplaty 1 234,56 zt Stownie jeden tysiac dwiescie trzydziesci cztery Termin platnosci 14 dni przelew',
  ].join(' '),
  fra: [
    'Facture N° 2024-118 Date de facture 12/03/2024 Date de livraison 10/03/2024',
    'Vendeur Cabinet Camille Roux 12 rue de la Republique 13001 Marseille SIRET 123 456 789 00012',
    'Client Societe Generale de Nettoyage Désignation Quantité Prix unitaire HT Montant HT',
    'Total HT TVA 20 % Montant TTC Conditions de paiement a 30 jours par virement bancaire Especes',
  ].join(' '),
  por: [
    'Fatura N.2 documento F87344 Data de emissao 02/06/2019 Data de vencimento 02/07/2019',
    'TIAGO ALMEIDA SERVICOS Rua Augusta 240 4000-069 Porto Contribuinte 501 234 567',
    'Artigo Quantidade Prego unitario Total Berbequim Cafe em grao 1 kg Cadeira de escritorio',
    'Subtotal IVA 23% Total a pagar Agradecemos pagamento no prazo de 14 dias Condicbes gerais',
  ].join(' '),
  ita: [
    'Fattura n. 118 del 12/03/2024 Cedente prestatore Lombarda Distribuzione S.r.l. Via Roma 12 20121 Milano',
    'Partita IVA 01234567890 Cessionario committente Studio Greco Viale Europa 121',
    'Descrizione Quantita Prezzo unitario Importo Cartuccia toner Pulizia uffici Acqua minerale',
    'Imponibile IVA 22% Totale documento Pagamento bonifico bancario entro 30 giorni data fattura',
  ].join(' '),
  eng: [
    'Invoice number 2024-118 Invoice date March 12 2024 Due date April 11 2024',
    'Bill to Contoso Electronics 4567 Main Street Springfield Ship to the same address',
    'Description Quantity Unit price Amount Office chair Toner cartridge Cleaning services',
    'Subtotal Sales tax Total due Payment is due within 30 days of the invoice date Thank you for your business',
  ].join(' '),
  nld: [
    'Factuur nummer 2024-118 Factuurdatum 12 maart 2024 Vervaldatum 11 april 2024',
    'Leverancier Jeroen Mulder Advies Kerkstraat 35 5611 EM Eindhoven KvK 12345678 BTW-nummer NL001234567B01',
    'Omschrijving Aantal Prijs per stuk Bedrag Koffiebonen Printpapier Verzendkosten',
    'Totaal excl. btw Btw 21% Totaal incl. btw Te betalen binnen 14 dagen op rekening van de leverancier',
  ].join(' '),
  deu: [
    'Rechnung Nr. 2024-118 Rechnungsdatum 12.03.2024 Lieferdatum 10.03.2024',
    'Lieferant GmbH Lieferantenstraße 20 80333 München Steuernummer 143/123/45678',
    'Beschreibung Menge Einzelpreis Gesamtpreis Bürostuhl Tonerkartusche Reinigung',
    'Zwischensumme Umsatzsteuer 19% Rechnungsbetrag Zahlbar innerhalb von 14 Tagen ohne Abzug',
  ].join(' '),
  // A receipt's few words (113 letters), which trigrams alone take for French.
  receipt:
    'Harbor Traders Limited 174 Market Road Austin, TX 78701 RECEIPT Date: November 7, 2023 Receipt No. 26095 Notebook 6 x 73.25 Total 523.01 Payment: VISA Thank you for your business!',
};

describe('the language a page is read again in', () => {
  it('is the page’s own where it is none of the first languages', () => {
    expect(guess(PAGES.pol)).toBe('pol');
    expect(guess(PAGES.fra)).toBe('fra');
    expect(guess(PAGES.por)).toBe('por');
    expect(guess(PAGES.ita)).toBe('ita');
  });

  it('is none for pages in a language they were read in', () => {
    expect(guess(PAGES.eng)).toBeNull();
    expect(guess(PAGES.deu)).toBeNull();
    // Dutch is read once: guessed as Dutch, not as the nearest language pages are read again in.
    expect(guess(PAGES.nld)).toBeNull();
    expect(otherLanguageOf(words(PAGES.nld), DEFAULT_OCR_LANGUAGES, ['nld'])).toBe('nld');
    // French read in French already: nothing to read again.
    expect(otherLanguageOf(words(PAGES.fra), ['eng', 'fra'], DEFAULT_OTHER_OCR_LANGUAGES)).toBeNull();
  });

  it('is none without other languages, or with too few letters to tell', () => {
    expect(guess(PAGES.pol, [])).toBeNull();
    // Amounts, dates and numbers carry no language; a short line is not enough.
    expect(guess('12,50 € 03/04/2024 FV/2024/118 1 234,56 zł 90-001')).toBeNull();
    expect(guess('Faktura Nabywca')).toBeNull();
    // An English receipt's few words: not read again in French.
    expect(guess(PAGES.receipt)).toBeNull();
    expect(francAll(PAGES.receipt, { only: ['eng', 'fra'] })[0]?.[0]).toBe('fra');
  });

  it('is only among the other languages named', () => {
    expect(guess(PAGES.pol, ['fra', 'spa'])).not.toBe('pol');
  });
});
