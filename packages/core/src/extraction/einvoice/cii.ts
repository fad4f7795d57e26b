import type { EInvoice } from './einvoice.js';
import { PAYMENT_MEANS } from './einvoice.js';
import { amount, at, attribute, children, joinAddress, textAt, type XmlNode } from './xml.js';

/**
 * UN/CEFACT Cross Industry Invoice: ZUGFeRD 2.x, Factur-X and XRechnung (CrossIndustryInvoice),
 * and ZUGFeRD 1.0 (CrossIndustryDocument), whose element names differ in a few places.
 */
export function readCii(root: XmlNode): EInvoice | null {
  const doc = at(root, 'CrossIndustryInvoice') ?? at(root, 'CrossIndustryDocument');
  if (!doc) return null;
  const header = at(doc, 'ExchangedDocument') ?? at(doc, 'HeaderExchangedDocument');
  const transaction = at(doc, 'SupplyChainTradeTransaction') ?? at(doc, 'SpecifiedSupplyChainTradeTransaction');
  const agreement =
    at(transaction, 'ApplicableHeaderTradeAgreement') ?? at(transaction, 'ApplicableSupplyChainTradeAgreement');
  const delivery =
    at(transaction, 'ApplicableHeaderTradeDelivery') ?? at(transaction, 'ApplicableSupplyChainTradeDelivery');
  const settlement =
    at(transaction, 'ApplicableHeaderTradeSettlement') ?? at(transaction, 'ApplicableSupplyChainTradeSettlement');
  const totals =
    at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation') ??
    at(settlement, 'SpecifiedTradeSettlementMonetarySummation');
  const seller = at(agreement, 'SellerTradeParty');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const values: EInvoice['values'] = {
    invoice_number: textAt(header, 'ID'),
    invoice_date: ciiDate(at(header, 'IssueDateTime', 'DateTimeString')),
    due_date: ciiDate(at(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString')),
    delivery_date: ciiDate(at(delivery, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime', 'DateTimeString')),
    vendor_name: textAt(seller, 'Name'),
    vendor_address: ciiAddress(at(seller, 'PostalTradeAddress')),
    buyer_name: textAt(agreement, 'BuyerTradeParty', 'Name'),
    po_number:
      textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID') ??
      textAt(agreement, 'BuyerOrderReferencedDocument', 'ID'),
    subtotal: amount(textAt(totals, 'TaxBasisTotalAmount') ?? textAt(totals, 'LineTotalAmount')),
    tax_amount: amount(inCurrency(children(totals, 'TaxTotalAmount'), currency)),
    total_amount: amount(textAt(totals, 'GrandTotalAmount')),
    payment_method: PAYMENT_MEANS[textAt(settlement, 'SpecifiedTradeSettlementPaymentMeans', 'TypeCode') ?? ''],
  };
  return {
    format: 'cii',
    values: definedOnly(values),
    lineItems: children(transaction, 'IncludedSupplyChainTradeLineItem').map(ciiLine),
  };
}

function ciiLine(line: unknown): EInvoice['lineItems'][number] {
  const agreement = at(line, 'SpecifiedLineTradeAgreement') ?? at(line, 'SpecifiedSupplyChainTradeAgreement');
  const delivery = at(line, 'SpecifiedLineTradeDelivery') ?? at(line, 'SpecifiedSupplyChainTradeDelivery');
  const settlement = at(line, 'SpecifiedLineTradeSettlement') ?? at(line, 'SpecifiedSupplyChainTradeSettlement');
  const quantity = amount(textAt(delivery, 'BilledQuantity'));
  const unitPrice = amount(textAt(agreement, 'NetPriceProductTradePrice', 'ChargeAmount'));
  const lineTotal = amount(
    textAt(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount') ??
      textAt(settlement, 'SpecifiedTradeSettlementMonetarySummation', 'LineTotalAmount'),
  );
  return {
    description: textAt(line, 'SpecifiedTradeProduct', 'Name') ?? '',
    ...(quantity !== undefined ? { quantity } : {}),
    ...(unitPrice !== undefined ? { unit_price: unitPrice } : {}),
    ...(lineTotal !== undefined ? { amount: lineTotal } : {}),
  };
}

/** Format 102 is YYYYMMDD; other formats are left to the printed text. */
function ciiDate(node: unknown): string | undefined {
  const value = typeof node === 'string' ? node : textAt({ n: node }, 'n');
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value ?? '');
  if (!m || (attribute(node, 'format') ?? '102') !== '102') return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

function ciiAddress(address: unknown): string | undefined {
  return joinAddress(
    [textAt(address, 'LineOne'), textAt(address, 'LineTwo'), textAt(address, 'LineThree')],
    textAt(address, 'PostcodeCode'),
    textAt(address, 'CityName'),
  );
}

/** A foreign-currency invoice states its tax twice: the invoice currency's amount is the one. */
function inCurrency(amounts: unknown[], currency: string | undefined): string | undefined {
  const match = amounts.find((a) => attribute(a, 'currencyID') === currency) ?? amounts[0];
  return textAt({ n: match }, 'n');
}

export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
