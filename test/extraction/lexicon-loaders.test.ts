import { describe, expect, it } from 'vitest';
import { nameKey, vendorKeys } from '../../packages/core/src/extraction/hints/vendor-keys.js';
import { fold } from '../../packages/core/src/extraction/layout/fold.js';
import { adjustmentWords } from '../../packages/core/src/extraction/lexicons/adjustment-words.js';
import { bankWords } from '../../packages/core/src/extraction/lexicons/bank-words.js';
import { countryNames } from '../../packages/core/src/extraction/lexicons/country-names.js';
import { detailLineWords } from '../../packages/core/src/extraction/lexicons/detail-line-words.js';
import { documentTitles } from '../../packages/core/src/extraction/lexicons/document-titles.js';
import { keyWords } from '../../packages/core/src/extraction/lexicons/key-words.js';
import { nameKeyForms } from '../../packages/core/src/extraction/lexicons/legal-forms.js';
import { monthNames } from '../../packages/core/src/extraction/lexicons/month-names.js';
import { registrationWords } from '../../packages/core/src/extraction/lexicons/registration-words.js';
import { streetLineWords } from '../../packages/core/src/extraction/lexicons/street-line-words.js';
import { tableHeaderWords } from '../../packages/core/src/extraction/lexicons/table-header-words.js';
import { taxIdLabels } from '../../packages/core/src/extraction/lexicons/tax-id-labels.js';
import { alternation, wholeWords } from '../../packages/core/src/extraction/lexicons/word-lists.js';
import { yesNoWords } from '../../packages/core/src/extraction/lexicons/yes-no-words.js';
import { findBoolean } from '../../packages/core/src/extraction/values/contacts.js';
import type { ReadDocument } from '../../packages/core/src/ports/document-reader.port.js';

/**
 * The loaders of the lexicons build their matchers from whatever table they are given: a word added
 * to a language's list is matched with no change to code. Each is shown here on a small table of
 * its own, not the shipped file.
 */

describe('word-list matchers', () => {
  it('match a word whole and take its characters literally', () => {
    const matcher = wholeWords(['ust id', 'u.s.a']);
    expect(matcher.test('ust id de123')).toBe(true);
    expect(matcher.test('austidee')).toBe(false);
    expect(matcher.test('made in u.s.a')).toBe(true);
    expect(matcher.test('made in uxsxa')).toBe(false);
  });

  it('try the longest word first', () => {
    expect(new RegExp(alternation(['versand', 'versandkosten'])).exec('versandkosten')?.[0]).toBe('versandkosten');
  });
});

describe('adjustment words (lexicons/adjustment-words.json)', () => {
  const words = adjustmentWords({
    pl: { discounts: ['rabat', 'znizka'], charges: ['dostawa'], early_payment: ['skonto'] },
    sv: { charges: ['frakt'] },
  });

  it("match a language's discount, charge and early-payment words in folded text", () => {
    expect(words.discount.test(fold('Zniżka -5,00'))).toBe(true);
    expect(words.charge.test(fold('Dostawa 12,00'))).toBe(true);
    expect(words.charge.test(fold('Frakt 90,00'))).toBe(true);
    expect(words.earlyPayment.test(fold('2% skonto w ciągu 7 dni'))).toBe(true);
  });

  it('match only the list a word is in, and only whole words', () => {
    expect(words.discount.test(fold('Dostawa 12,00'))).toBe(false);
    expect(words.charge.test(fold('Rabat 3,00'))).toBe(false);
    expect(words.discount.test(fold('Rabaty'))).toBe(false);
    expect(words.earlyPayment.test(fold('Shipping'))).toBe(false);
  });
});

describe('month names (lexicons/month-names.json)', () => {
  const months = monthNames({
    it: [['gennaio', 'gen'], ['febbraio'], [], [], ['maggio'], [], [], [], [], [], [], ['dicembre', 'dic']],
  });
  const date = new RegExp(`(\\d{1,2}) (${months.pattern}) (\\d{4})`, 'iu');

  it("give each name its month by its place in the language's twelve lists", () => {
    expect(months.month('gennaio')).toBe(1);
    expect(months.month('gen')).toBe(1);
    expect(months.month('maggio')).toBe(5);
    expect(months.month('dic')).toBe(12);
    expect(months.month('mai')).toBeUndefined();
  });

  it('match a listed name in text, a long one with its capital set apart too', () => {
    expect(date.exec('12 Maggio 2024')?.[2]).toBe('Maggio');
    expect(date.exec('3 D icembre 2023')?.[2]).toBe('D icembre');
    expect(date.exec('3 G en 2023')).toBeNull();
    expect(date.exec('12 Mai 2024')).toBeNull();
  });
});

describe('document titles (lexicons/document-titles.json)', () => {
  const titles = documentTitles({
    it: { heading_words: ['fattura', 'ordine di acquisto', 'pagina'], whole_titles: ['fattura'] },
    en: { heading_prefixes: ['tax'] },
  });

  it("match a language's heading words at a line's start, after a prefix or none", () => {
    expect(titles.heading.test(fold('FATTURA N. 2024/17'))).toBe(true);
    expect(titles.heading.test(fold('Ordine di acquisto'))).toBe(true);
    expect(titles.heading.test(fold('Tax Fattura'))).toBe(true);
    expect(titles.heading.test(fold('Pagina 2 di 3'))).toBe(true);
    expect(titles.heading.test(fold('Rossi Fattura'))).toBe(false);
    expect(titles.heading.test(fold('Fatturato 2023'))).toBe(false);
  });

  it('match a whole title only when it is the whole text', () => {
    expect(titles.whole.test(fold('Fattura'))).toBe(true);
    expect(titles.whole.test(fold('Fattura 17'))).toBe(false);
    expect(titles.whole.test(fold('Pagina'))).toBe(false);
  });
});

describe('tax-id labels (lexicons/tax-id-labels.json)', () => {
  const label = taxIdLabels({ pl: ['nip'], sv: ['momsnr', 'org nr'] });

  it("match a language's label as the start of a word, in any case", () => {
    expect(label.test('NIP: PL5260250274')).toBe(true);
    expect(label.test('Momsnr. SE556036079301')).toBe(true);
    expect(label.test('Org nr 556036-0793')).toBe(true);
    expect(label.test('Snip 12')).toBe(false);
    expect(label.test('VAT DE123456789')).toBe(false);
  });

  it("make a vendor's VAT id a key only on a line with a shipped label", () => {
    const line = (text: string, y: number) =>
      text.split(' ').map((word, k) => ({
        text: word,
        bbox: { x0: 10 + 60 * k, y0: y, x1: 60 + 60 * k, y1: y + 10 },
        confidence: 1,
      }));
    const doc: ReadDocument = {
      mimeType: 'application/pdf',
      attachments: [],
      pages: [
        {
          number: 1,
          width: 600,
          height: 800,
          source: 'text_layer',
          words: [...line('USt-IdNr.: DE 123456789', 100), ...line('Kunde DE 987654321', 200)],
        },
      ],
    };
    expect(vendorKeys(doc, undefined)).toEqual(['vat:DE123456789']);
  });
});

describe('table header words (lexicons/table-header-words.json)', () => {
  const words = tableHeaderWords({
    it: {
      description: ['descrizione'],
      quantity: ['qta', 'quantita'],
      unit_price: ['prezzo unitario'],
      amount: ['importo'],
      description_proper: ['descrizione'],
    },
    pl: { amount: ['wartosc'], other: ['vat'] },
  });
  const phrase = (text: string) => words.phrases.find((p) => p.tokens.join(' ') === text);

  it("give each language's phrase its column, as folded words", () => {
    expect(phrase('descrizione')?.column).toBe('description');
    expect(phrase('quantita')?.column).toBe('quantity');
    expect(phrase('prezzo unitario')).toEqual({ column: 'unit_price', tokens: ['prezzo', 'unitario'] });
    expect(phrase('wartosc')?.column).toBe('amount');
    expect(phrase('vat')?.column).toBe('other');
    expect(words.descriptionProper).toEqual(new Set(['descrizione']));
  });

  it('put phrases of more words first, so that one is taken whole before its first word', () => {
    expect(words.phrases[0]!.tokens).toEqual(['prezzo', 'unitario']);
    expect(words.phrases).toHaveLength(7);
  });
});

describe('country names (lexicons/country-names.json)', () => {
  const countries = countryNames({ pl: ['polska', 'niemcy'], sv: ['sverige'] });

  it("hold every language's names, compared with a folded line", () => {
    expect(countries.has(fold('POLSKA'))).toBe(true);
    expect(countries.has(fold('Sverige'))).toBe(true);
    expect(countries.has(fold('Polska Sp. z o.o.'))).toBe(false);
  });
});

describe('yes/no words (lexicons/yes-no-words.json)', () => {
  const words = yesNoWords({ pl: { yes: ['tak', 'zapłacono'], no: ['nie'] }, it: { yes: ['sì'] } });

  it("hold each language's words for yes and for no apart", () => {
    expect([...words.yes]).toEqual(['tak', 'zapłacono', 'sì']);
    expect([...words.no]).toEqual(['nie']);
  });

  it("give a yes/no field's value from the shipped words and the check marks", () => {
    expect(findBoolean('Bezahlt')?.value).toBe(true);
    expect(findBoolean(': Impayé')?.value).toBe(false);
    expect(findBoolean('☑ paid')?.value).toBe(true);
    expect(findBoolean('☐')?.value).toBe(false);
    expect(findBoolean('Vielleicht')).toBeNull();
  });
});

describe('registration words (lexicons/registration-words.json)', () => {
  const registration = registrationWords({ pl: ['nip', 'regon', 'krs'], it: ['partita iva'] });

  it("match a language's words whole in a folded line", () => {
    expect(registration.test(fold('NIP: 526-025-02-74'))).toBe(true);
    expect(registration.test(fold('Partita IVA 01234567890'))).toBe(true);
    expect(registration.test(fold('Sąd Rejonowy, KRS 0000012345'))).toBe(true);
    expect(registration.test(fold('Nipponia Sp. z o.o.'))).toBe(false);
    expect(registration.test(fold('IVA 21%'))).toBe(false);
  });
});

describe('detail-line words (lexicons/detail-line-words.json)', () => {
  const detail = detailLineWords({ pl: ['ulica', 'ul', 'tel kom'], sv: ['gatan'] });

  it("match a language's words whole in a folded line", () => {
    expect(detail.test(fold('ul. Marszałkowska 10'))).toBe(true);
    expect(detail.test(fold('Tel. kom. 600 100 200'))).toBe(true);
    expect(detail.test(fold('Gatan 4'))).toBe(true);
    expect(detail.test(fold('Ulmart Sp. z o.o.'))).toBe(false);
  });
});

describe('key words (lexicons/key-words.json)', () => {
  const keys = keyWords({
    it: { name_keys: ['ragione sociale'], address_keys: ['indirizzo'], articles: ['il', 'lo'] },
    pl: { name_keys: ['nazwa firmy'] },
  });

  it("hold each language's name and address keys, folded", () => {
    expect(keys.names.has(fold('Ragione sociale'))).toBe(true);
    expect(keys.names.has(fold('Nazwa firmy'))).toBe(true);
    expect(keys.addresses.has(fold('INDIRIZZO'))).toBe(true);
    expect(keys.addresses.has(fold('Ragione sociale'))).toBe(false);
  });

  it('match an article and its colon as a whole printed key, in any case', () => {
    expect(keys.articleKey.test('IL: ')).toBe(true);
    expect(keys.articleKey.test('lo :')).toBe(true);
    expect(keys.articleKey.test('Ilva: ')).toBe(false);
    expect(keys.articleKey.test('il tuo: ')).toBe(false);
  });
});

describe('street-line words (lexicons/address-words.json, street_line_words)', () => {
  const street = streetLineWords({ pl: { street_line_words: ['ulica', 'aleja'] }, it: { street_line_words: ['via'] } });

  it("match a language's words whole, in any case, in a line as printed", () => {
    expect(street.test('Aleja Jana Pawła 12')).toBe(true);
    expect(street.test('VIA ROMA 4')).toBe(true);
    expect(street.test('Viaggi Rossi')).toBe(false);
  });
});

describe('bank words (lexicons/bank-words.json)', () => {
  const bank = bankWords({
    pl: { bank_details: ['bank', 'numer rachunku'], others_account: ['klienta'] },
    it: { others_account: ['vostro'] },
  });

  it("put a line among bank details by a language's word, a space in it as a hyphen or nothing too", () => {
    expect(bank.bankDetails.test('Numer rachunku: 12 1020 ...')).toBe(true);
    expect(bank.bankDetails.test('NUMER-RACHUNKU')).toBe(true);
    expect(bank.bankDetails.test('numerrachunku')).toBe(true);
    expect(bank.bankDetails.test('Bankowy 4')).toBe(true);
    expect(bank.bankDetails.test('Numer faktury')).toBe(false);
  });

  it("take an account label for someone else's after a language's word that ends the text before it", () => {
    expect(bank.othersAccount.test('Numer klienta ')).toBe(true);
    expect(bank.othersAccount.test('Il vostro')).toBe(true);
    expect(bank.othersAccount.test('Vostro conto ')).toBe(false);
  });
});

describe("forms a vendor's name key leaves out (lexicons/legal-forms.json, name_key)", () => {
  it("hold each language's listed forms, and only those", () => {
    const forms = nameKeyForms({ pl: { name_key: ['sp', 'zoo'] }, cs: { name_key: ['sro'] }, de: {} });
    expect([...forms]).toEqual(['sp', 'zoo', 'sro']);
  });

  it('leave the shipped forms out of a name key, and a form no name_key lists in', () => {
    expect(nameKey('ACME GmbH')).toBe('name:acme');
    expect(nameKey('Volvo Lastvagnar AB')).toBe('name:volvo lastvagnar');
    expect(nameKey('Kone Oyj')).toBe('name:kone oyj');
  });
});
