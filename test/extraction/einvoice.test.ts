import { describe, expect, it } from 'vitest';
import { extractFields, readEInvoice, RECOMMENDED_FIELDS } from '@intake/core';
import { doc, xmlAttachment } from './synthetic.js';

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
    xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
    xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument>
    <ram:ID>RE-2024-0042</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240315</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:SpecifiedTradeProduct><ram:Name>Beratung</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="HUR">2</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>200.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Muster Consulting GmbH</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>80333</ram:PostcodeCode><ram:LineOne>Beispielweg 7</ram:LineOne><ram:CityName>München</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20240414</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>200.00</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>200.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">38.00</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>238.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>238.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
    xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
    xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>UBL-77</cbc:ID>
  <cbc:IssueDate>2024-02-01</cbc:IssueDate>
  <cbc:DueDate>2024-03-02</cbc:DueDate>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>Harbour Supplies Ltd</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:StreetName>1 Quay Street</cbc:StreetName><cbc:CityName>Bristol</cbc:CityName><cbc:PostalZone>BS1 4DJ</cbc:PostalZone></cac:PostalAddress>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="GBP">20.00</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="GBP">100.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="GBP">100.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="GBP">120.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="GBP">120.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:InvoicedQuantity unitCode="EA">4</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="GBP">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Rope, 10 m</cbc:Name></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="GBP">25.00</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>`;

// The printed page disagrees with the XML on purpose, so the tests see which source won.
const printed = [
  { x: 40, y: 60, text: 'Printed Name GmbH' },
  { x: 40, y: 100, text: 'Invoice No: PRINTED-1' },
  { x: 40, y: 114, text: 'Invoice Date: 01.01.2020' },
  { x: 300, y: 400, text: 'Total: 999,00' },
];

describe('e-invoices', () => {
  it('reads a CII (ZUGFeRD / Factur-X) invoice from its XML with confidence 1', () => {
    const result = extractFields(doc(printed, [xmlAttachment('factur-x.xml', CII)]), [...RECOMMENDED_FIELDS.invoice]);
    expect(result.extracted_data).toMatchObject({
      invoice_number: 'RE-2024-0042',
      invoice_date: '2024-03-15',
      due_date: '2024-04-14',
      vendor_name: 'Muster Consulting GmbH',
      vendor_address: 'Beispielweg 7, 80333 München',
      subtotal: 200,
      tax_amount: 38,
      total_amount: 238,
      line_items: [{ description: 'Beratung', quantity: 2, unit_price: 100, amount: 200 }],
    });
    expect(result.confidence.invoice_number).toBe(1);
    expect(result.confidence.total_amount).toBe(1);
  });

  it('writes an item name that breaks lines as one line, and leaves out a text-only position', () => {
    const note = `<ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Lieferung vom 01.03.</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>`;
    const xml = CII.replace('<ram:IncludedSupplyChainTradeLineItem>', note).replace(
      '<ram:Name>Beratung</ram:Name>',
      '<ram:Name>Beratung\n  vor Ort</ram:Name>',
    );
    const result = extractFields(doc(printed, [xmlAttachment('factur-x.xml', xml)]), [...RECOMMENDED_FIELDS.invoice]);
    expect(result.extracted_data.line_items).toEqual([
      { description: 'Beratung vor Ort', quantity: 2, unit_price: 100, amount: 200 },
    ]);
  });

  it('reads a UBL invoice, whatever the attachment is called', () => {
    const result = extractFields(doc(printed, [{ name: 'attachment.bin', bytes: new TextEncoder().encode(UBL) }]), [
      ...RECOMMENDED_FIELDS.invoice,
    ]);
    expect(result.extracted_data).toMatchObject({
      invoice_number: 'UBL-77',
      invoice_date: '2024-02-01',
      due_date: '2024-03-02',
      vendor_name: 'Harbour Supplies Ltd',
      vendor_address: '1 Quay Street, BS1 4DJ Bristol',
      subtotal: 100,
      tax_amount: 20,
      total_amount: 120,
      line_items: [{ description: 'Rope, 10 m', quantity: 4, unit_price: 25, amount: 100 }],
    });
  });

  it('fills fields the XML lacks from the printed text', () => {
    const fields = [
      ...RECOMMENDED_FIELDS.invoice,
      { name: 'reference', type: 'text' as const, required: false, description: 'Printed as "Reference"' },
    ];
    const page = doc([...printed, { x: 40, y: 128, text: 'Reference: PROJ-9' }], [xmlAttachment('factur-x.xml', CII)]);
    const result = extractFields(page, fields);
    expect(result.extracted_data.reference).toBe('PROJ-9');
    expect(result.confidence.reference).toBeLessThan(1);
  });

  it('reads the printed text alone when asked to ignore the XML', () => {
    const result = extractFields(doc(printed, [xmlAttachment('factur-x.xml', CII)]), [...RECOMMENDED_FIELDS.invoice], {
      useEmbeddedXml: false,
    });
    expect(result.extracted_data).toMatchObject({
      invoice_number: 'PRINTED-1',
      invoice_date: '2020-01-01',
      total_amount: 999,
    });
  });

  it('ignores attachments that are no e-invoice, and broken XML', () => {
    expect(readEInvoice(doc(printed, [xmlAttachment('notes.xml', '<notes><n>hello</n></notes>')]))).toBeNull();
    expect(readEInvoice(doc(printed, [xmlAttachment('broken.xml', '<Invoice><cbc:ID>1</Invoice')]))).toBeNull();
    expect(
      readEInvoice(doc(printed, [{ name: 'logo.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }])),
    ).toBeNull();
  });
});
