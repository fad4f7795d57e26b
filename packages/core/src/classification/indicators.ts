/**
 * Words and phrases that point to a document type, folded (see extraction/layout/fold.ts), with
 * a weight each. Titles weigh most; words that occur on several types ("total", "date") are not
 * listed. Receipts from Malaysia and Singapore print "TAX INVOICE" for GST, so the receipt words
 * (cash, change, cashier, thank you) have to be able to outvote a single "invoice".
 */

export const DOCUMENT_TYPES = ['invoice', 'receipt', 'purchase_order'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface Indicator {
  phrase: string;
  weight: number;
}

export const INDICATORS: Record<DocumentType, Indicator[]> = {
  invoice: [
    { phrase: 'invoice', weight: 2 },
    { phrase: 'invoice number', weight: 2 },
    { phrase: 'invoice date', weight: 2 },
    { phrase: 'due date', weight: 1.5 },
    { phrase: 'bill to', weight: 1 },
    { phrase: 'payment terms', weight: 1 },
    { phrase: 'amount due', weight: 1 },
    { phrase: 'balance due', weight: 1 },
    { phrase: 'rechnung', weight: 2.5 },
    { phrase: 'rechnungsnummer', weight: 2.5 },
    { phrase: 'rechnungsdatum', weight: 2 },
    { phrase: 'handelsrechnung', weight: 2.5 },
    { phrase: 'facture', weight: 2.5 },
    { phrase: 'factuur', weight: 2.5 },
    { phrase: 'factuurnummer', weight: 2 },
    { phrase: 'factura', weight: 2.5 },
    { phrase: 'iban', weight: 1 },
    { phrase: 'bic', weight: 0.5 },
    { phrase: 'vat', weight: 0.5 },
    { phrase: 'ust', weight: 0.5 },
    { phrase: 'btw', weight: 0.5 },
    { phrase: 'tva', weight: 0.5 },
    { phrase: 'zahlbar', weight: 1 },
    { phrase: 'zahlungsbedingungen', weight: 1 },
    { phrase: 'leistungsdatum', weight: 1 },
    { phrase: 'net 30', weight: 1 },
    { phrase: 'remit', weight: 1 },
    { phrase: 'bank account', weight: 0.5 },
    { phrase: 'steuernummer', weight: 0.5 },
  ],
  receipt: [
    { phrase: 'receipt', weight: 2.5 },
    { phrase: 'cash', weight: 1.5 },
    { phrase: 'change', weight: 1.5 },
    { phrase: 'cashier', weight: 2 },
    { phrase: 'thank you', weight: 1.5 },
    { phrase: 'come again', weight: 2 },
    { phrase: 'rounding', weight: 1.5 },
    { phrase: 'gst', weight: 1 },
    { phrase: 'rm', weight: 1 },
    { phrase: 'qty', weight: 0.5 },
    { phrase: 'visa', weight: 1 },
    { phrase: 'mastercard', weight: 1 },
    { phrase: 'tax invoice', weight: 1.5 },
    { phrase: 'simplified tax invoice', weight: 2 },
    { phrase: 'sdn bhd', weight: 1.5 },
    { phrase: 'goods sold', weight: 2 },
    { phrase: 'not returnable', weight: 1.5 },
    { phrase: 'not refundable', weight: 1.5 },
    { phrase: 'kassenbon', weight: 2.5 },
    { phrase: 'quittung', weight: 2.5 },
    { phrase: 'bon', weight: 0.5 },
    { phrase: 'kassa', weight: 1.5 },
    { phrase: 'ticket de caisse', weight: 2.5 },
    { phrase: 'recibo', weight: 2.5 },
    { phrase: 'table', weight: 1 },
    { phrase: 'pax', weight: 1 },
    { phrase: 'server', weight: 0.5 },
    { phrase: 'tendered', weight: 1.5 },
    { phrase: 'total qty', weight: 1.5 },
    { phrase: 'card', weight: 0.5 },
    { phrase: 'member', weight: 0.5 },
    { phrase: 'pos', weight: 0.5 },
  ],
  purchase_order: [
    { phrase: 'purchase order', weight: 4 },
    { phrase: 'po number', weight: 2 },
    { phrase: 'po', weight: 0.75 },
    { phrase: 'p o', weight: 1 },
    { phrase: 'ship to', weight: 1 },
    { phrase: 'shipped to', weight: 1 },
    { phrase: 'vendor', weight: 1 },
    { phrase: 'requisitioner', weight: 2 },
    { phrase: 'ship via', weight: 1.5 },
    { phrase: 'shipping terms', weight: 1 },
    { phrase: 'f o b', weight: 1 },
    { phrase: 'delivery date', weight: 0.5 },
    { phrase: 'bestellung', weight: 2.5 },
    { phrase: 'bestellnummer', weight: 2.5 },
    { phrase: 'bon de commande', weight: 4 },
    { phrase: 'bestelbon', weight: 4 },
    { phrase: 'inkooporder', weight: 4 },
    { phrase: 'orden de compra', weight: 4 },
    { phrase: 'pedido', weight: 2 },
    { phrase: 'dated as', weight: 1 },
  ],
};
