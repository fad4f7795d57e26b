import type { ReadDocument } from '../../ports/document-reader.port.js';
import { isXmlFile } from '../einvoice/read-einvoice.js';
import { at, children, parseXml, textAt, type XmlNode } from '../einvoice/xml.js';
import { validBic, validIban, type PaymentDetails } from './payment-details.js';

/** Values from an e-invoice's XML are machine-written: as sure as the checksum allows. */
const XML_CONFIDENCE = 1;

/** The payee account of the first CII or UBL invoice embedded in the document; empty when there is none. */
export function readXmlPaymentDetails(doc: ReadDocument): PaymentDetails {
  for (const file of doc.attachments) {
    if (!isXmlFile(file)) continue;
    const root = parseXml(new TextDecoder('utf-8').decode(file.bytes));
    if (!root) continue;
    const account = ciiAccount(root) ?? ublAccount(root);
    if (account) return toDetails(account);
  }
  return {};
}

interface XmlAccount {
  iban?: string | undefined;
  proprietary?: string | undefined;
  bic?: string | undefined;
}

/** CII: the settlement's payment means, payee account (IBANID or ProprietaryID) and institution (BICID). */
function ciiAccount(root: XmlNode): XmlAccount | null {
  const doc = at(root, 'CrossIndustryInvoice') ?? at(root, 'CrossIndustryDocument');
  if (!doc) return null;
  const transaction = at(doc, 'SupplyChainTradeTransaction') ?? at(doc, 'SpecifiedSupplyChainTradeTransaction');
  const settlement =
    at(transaction, 'ApplicableHeaderTradeSettlement') ?? at(transaction, 'ApplicableSupplyChainTradeSettlement');
  for (const means of children(settlement, 'SpecifiedTradeSettlementPaymentMeans')) {
    const account = at(means, 'PayeePartyCreditorFinancialAccount');
    const found = {
      iban: textAt(account, 'IBANID'),
      proprietary: textAt(account, 'ProprietaryID'),
      bic: textAt(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'),
    };
    if (found.iban ?? found.proprietary) return found;
  }
  return {};
}

/** UBL: PaymentMeans / PayeeFinancialAccount: its ID (an IBAN or an account number) and branch (the BIC). */
function ublAccount(root: XmlNode): XmlAccount | null {
  const doc = at(root, 'Invoice') ?? at(root, 'CreditNote');
  if (!doc) return null;
  for (const means of children(doc, 'PaymentMeans')) {
    const account = at(means, 'PayeeFinancialAccount');
    const id = textAt(account, 'ID');
    if (!id) continue;
    const bic =
      textAt(account, 'FinancialInstitutionBranch', 'ID') ??
      textAt(account, 'FinancialInstitutionBranch', 'FinancialInstitution', 'ID');
    return validIban(id) ? { iban: id, bic } : { proprietary: id, bic };
  }
  return {};
}

function toDetails(account: XmlAccount): PaymentDetails {
  const details: PaymentDetails = {};
  const iban = account.iban ? validIban(account.iban) : null;
  if (iban) details.iban = { value: iban, confidence: XML_CONFIDENCE };
  const digits = account.proprietary?.replace(/[\s-]/g, '') ?? '';
  if (!iban && /^\d{4,17}$/.test(digits)) details.account_number = { value: digits, confidence: XML_CONFIDENCE };
  const bic = account.bic ? validBic(account.bic) : null;
  if (bic) details.bic = { value: bic, confidence: XML_CONFIDENCE };
  return details;
}
