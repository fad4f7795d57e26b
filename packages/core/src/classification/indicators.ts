import table from './indicators.json' with { type: 'json' };

/**
 * Words and phrases that point to a document type, with a weight each: data in
 * `indicators.json`, per type and language (`any`: words every language's documents print),
 * folded as extraction/layout/fold.ts folds text. Titles weigh most; words that occur on several
 * types ("total", "date") are not listed, and words an invoice may print as a reference to an
 * order ("Auftrag", "ordernummer", "order date") weigh less than a title. Receipts from Malaysia
 * and Singapore print "TAX INVOICE" for GST, so the receipt words (cash, change, cashier, thank
 * you) have to be able to outvote a single "invoice".
 */

export const DOCUMENT_TYPES = ['invoice', 'receipt', 'purchase_order'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface Indicator {
  phrase: string;
  weight: number;
  /** The language of the phrase's table in indicators.json (`any` for words of several). */
  language: string;
}

const byLanguage: Record<DocumentType, Record<string, Record<string, number>>> = table;

export const INDICATORS: Record<DocumentType, Indicator[]> = {
  invoice: indicatorsOf('invoice'),
  receipt: indicatorsOf('receipt'),
  purchase_order: indicatorsOf('purchase_order'),
};

function indicatorsOf(type: DocumentType): Indicator[] {
  return Object.entries(byLanguage[type]).flatMap(([language, phrases]) =>
    Object.entries(phrases).map(([phrase, weight]) => ({ phrase, weight, language })),
  );
}
