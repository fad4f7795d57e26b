import type { FieldDefinition } from '../../extractors/index.js';
import type { ReadDocument } from '../../ports/document-reader.port.js';
import { isXmlFile } from '../einvoice/read-einvoice.js';
import { at, attribute, children, parseXml, text, textAt } from '../einvoice/xml.js';
import { extractFields, type ExtractFieldsOptions } from '../extract-fields.js';
import { roleOf } from '../labels/roles.js';
import { RECOMMENDED_FIELDS } from '../recommended-fields.js';
import type { VendorIdentity } from './payment-details.js';

/** A field of the extractor that holds the seller's VAT id, by name. */
const VAT_FIELD = /^(vendor|supplier|seller|merchant)?_?(vat|tax)_?(id|number|no|reg)/i;
const VENDOR_NAME = RECOMMENDED_FIELDS.invoice.find((f) => f.name === 'vendor_name')!;

/**
 * Who issued a document: the seller's VAT id from its e-invoice XML or from an extractor field
 * named for it, and its name from the extractor's vendor field, or, when the extractor has none,
 * read with the built-in vendor_name definition alone (so payment details are tied to a vendor
 * whatever the extractor's fields).
 */
export function readVendorIdentity(
  doc: ReadDocument,
  definitions: FieldDefinition[],
  extracted: Record<string, unknown>,
  options: ExtractFieldsOptions,
): VendorIdentity {
  const identity: VendorIdentity = {};
  const vatField = definitions.find((f) => VAT_FIELD.test(f.name));
  const vat = xmlSellerVatId(doc) ?? (vatField ? extracted[vatField.name] : undefined);
  if (typeof vat === 'string' && vat.trim()) identity.vat_id = vat.trim();
  const nameField = definitions.find((f) => roleOf(f) === 'vendor_name');
  const name = nameField
    ? extracted[nameField.name]
    : extractFields(doc, [VENDOR_NAME], options).extracted_data[VENDOR_NAME.name];
  if (typeof name === 'string' && name.trim()) identity.name = name.trim();
  return identity;
}

/** CII SellerTradeParty's registration of scheme VA; UBL AccountingSupplierParty's PartyTaxScheme CompanyID. */
function xmlSellerVatId(doc: ReadDocument): string | undefined {
  for (const file of doc.attachments) {
    if (!isXmlFile(file)) continue;
    const root = parseXml(new TextDecoder('utf-8').decode(file.bytes));
    if (!root) continue;
    const cii = at(root, 'CrossIndustryInvoice') ?? at(root, 'CrossIndustryDocument');
    if (cii) {
      const transaction = at(cii, 'SupplyChainTradeTransaction') ?? at(cii, 'SpecifiedSupplyChainTradeTransaction');
      const agreement =
        at(transaction, 'ApplicableHeaderTradeAgreement') ?? at(transaction, 'ApplicableSupplyChainTradeAgreement');
      const ids = children(at(agreement, 'SellerTradeParty'), 'SpecifiedTaxRegistration').map((r) => at(r, 'ID'));
      const vat = ids.find((id) => attribute(id, 'schemeID') === 'VA');
      return vat === undefined ? undefined : text(vat);
    }
    const ubl = at(root, 'Invoice') ?? at(root, 'CreditNote');
    if (ubl) return textAt(ubl, 'AccountingSupplierParty', 'Party', 'PartyTaxScheme', 'CompanyID');
  }
  return undefined;
}
