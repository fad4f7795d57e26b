import { describe, expect, it } from 'vitest';
import { readPaymentDetails } from '@intake/core';
import { doc, lines, page, type Placed } from './synthetic.js';

const read = (items: Placed[], options: { source?: 'ocr' | 'text_layer' } = {}) =>
  readPaymentDetails(doc([page(items, options)]));
const values = (items: Placed[]) =>
  Object.fromEntries(Object.entries(read(items) ?? {}).map(([key, detail]) => [key, detail.value]));

/** An invoice's head, so the payment lines sit among other text as they do on a page. */
const head: Placed[] = [
  { x: 40, y: 40, text: 'Nordwind Logistik GmbH' },
  { x: 40, y: 54, text: 'Hafenstrasse 12, 20457 Hamburg' },
  { x: 380, y: 100, text: 'Invoice no. 2026-118' },
  { x: 380, y: 114, text: 'Total 1,190.00' },
];

describe('payment details: IBAN', () => {
  it('"IBAN:" and the number grouped in fours, with the BIC beside it', () => {
    const found = read([...head, { x: 40, y: 700, text: 'IBAN: DE89 3704 0044 0532 0130 00   BIC: COBADEFFXXX' }]);
    expect(found).toEqual({
      iban: { value: 'DE89370400440532013000', confidence: 0.98 },
      bic: { value: 'COBADEFFXXX', confidence: 0.95 },
    });
  });

  it('"IBAN DE89 ..." without a colon, and the IBAN written in one piece', () => {
    expect(values([...head, { x: 40, y: 700, text: 'IBAN DE89 3704 0044 0532 0130 00' }])).toEqual({
      iban: 'DE89370400440532013000',
    });
    expect(values([...head, { x: 40, y: 700, text: 'IBAN: GB29NWBK60161331926819' }])).toEqual({
      iban: 'GB29NWBK60161331926819',
    });
  });

  it('a German footer: Bankverbindung, IBAN and BIC on lines of their own', () => {
    const footer = lines(40, 760, [
      'Bankverbindung: Commerzbank Hamburg',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'BIC: COBADEFFXXX',
    ]);
    expect(values([...head, ...footer])).toEqual({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
  });

  it('a French footer with "Code BIC" and the value under its label', () => {
    const footer = lines(40, 760, [
      'Coordonnées bancaires',
      'IBAN',
      'FR14 2004 1010 0505 0001 3M02 606',
      'Code BIC : PSSTFRPPPAR',
    ]);
    expect(values([...head, ...footer])).toEqual({ iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' });
  });

  it('an IBAN whose check digits are wrong is refused, not reported', () => {
    expect(read([...head, { x: 40, y: 700, text: 'IBAN: DE88 3704 0044 0532 0130 00' }])).toBeNull();
  });

  it('a BIC with an unknown country code is refused', () => {
    expect(values([...head, { x: 40, y: 700, text: 'IBAN: DE89 3704 0044 0532 0130 00 BIC: COBAXXFFXXX' }])).toEqual({
      iban: 'DE89370400440532013000',
    });
  });

  it('an IBAN printed without its label is found, less surely', () => {
    const found = read([...head, { x: 40, y: 700, text: 'Please transfer to NL91 ABNA 0417 1643 00 by 30 days' }]);
    expect(found).toEqual({ iban: { value: 'NL91ABNA0417164300', confidence: 0.9 } });
  });

  it('OCR: the words confidence lowers the reading', () => {
    const found = read([...head, { x: 40, y: 700, text: 'IBAN: DE89 3704 0044 0532 0130 00', confidence: 0.8 }], {
      source: 'ocr',
    });
    expect(found?.iban?.value).toBe('DE89370400440532013000');
    expect(found?.iban?.confidence).toBeLessThan(0.9);
  });
});

describe('payment details: UK and US accounts', () => {
  it('a UK sort code and account number', () => {
    const footer = lines(40, 740, ['Bank: Barclays Bank PLC', 'Sort code: 20-00-00', 'Account number: 55779911']);
    expect(values([...head, ...footer])).toEqual({ sort_code: '20-00-00', account_number: '55779911' });
  });

  it('sort code and account number on one line, the sort code written without dashes', () => {
    expect(values([...head, { x: 40, y: 740, text: 'Sort Code 200000  Account No. 55779911' }])).toEqual({
      sort_code: '20-00-00',
      account_number: '55779911',
    });
  });

  it('a US routing number with a valid ABA checksum, and its account number', () => {
    const footer = lines(40, 740, [
      'Remit to: First National Bank',
      'ABA Routing Number: 021000021',
      'Acct #: 123456789012',
    ]);
    expect(values([...head, ...footer])).toEqual({ routing_number: '021000021', account_number: '123456789012' });
  });

  it('a routing number failing the ABA checksum is refused', () => {
    expect(values([...head, { x: 40, y: 740, text: 'Routing number: 021000022' }])).toEqual({});
  });

  it("a customer's account number at the vendor is no bank account", () => {
    expect(read([...head, { x: 40, y: 740, text: 'Customer account number: 10042' }])).toBeNull();
  });

  it('an account number with no bank word near it is not taken', () => {
    expect(read([...head, { x: 40, y: 300, text: 'Account number: 4711' }])).toBeNull();
  });
});

describe('payment details: e-invoice XML', () => {
  const xml = (text: string) => ({ name: 'factur-x.xml', mimeType: 'text/xml', bytes: new TextEncoder().encode(text) });
  const cii = (account: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        ${account}
      </ram:SpecifiedTradeSettlementPaymentMeans>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

  it('CII: the payee IBAN and BIC, at confidence 1, before what is printed', () => {
    const account = `<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
      <ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>COBADEFFXXX</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>`;
    const printed = [...head, { x: 40, y: 700, text: 'IBAN: GB29 NWBK 6016 1331 9268 19' }];
    expect(readPaymentDetails(doc([page(printed)], [xml(cii(account))]))).toEqual({
      iban: { value: 'DE89370400440532013000', confidence: 1 },
      bic: { value: 'COBADEFFXXX', confidence: 1 },
    });
  });

  it('CII: an IBAN failing its check in the XML is refused; the printed one stands', () => {
    const account = `<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE88370400440532013000</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>`;
    const printed = [...head, { x: 40, y: 700, text: 'IBAN: GB29 NWBK 6016 1331 9268 19' }];
    expect(readPaymentDetails(doc([page(printed)], [xml(cii(account))]))?.iban?.value).toBe('GB29NWBK60161331926819');
  });

  it('UBL: PayeeFinancialAccount ID and its branch; a non-IBAN ID is an account number', () => {
    const ubl = (id: string) => `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount><cbc:ID>${id}</cbc:ID>
      <cac:FinancialInstitutionBranch><cbc:ID>ABNANL2A</cbc:ID></cac:FinancialInstitutionBranch>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
</Invoice>`;
    expect(readPaymentDetails(doc([page(head)], [xml(ubl('NL91ABNA0417164300'))]))).toEqual({
      iban: { value: 'NL91ABNA0417164300', confidence: 1 },
      bic: { value: 'ABNANL2A', confidence: 1 },
    });
    expect(readPaymentDetails(doc([page(head)], [xml(ubl('5577 9911'))]))).toEqual({
      account_number: { value: '55779911', confidence: 1 },
      bic: { value: 'ABNANL2A', confidence: 1 },
    });
  });
});
