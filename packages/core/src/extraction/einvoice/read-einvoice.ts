import type { EmbeddedFile, ReadDocument } from '../../ports/document-reader.port.js';
import { readCii } from './cii.js';
import type { EInvoice } from './einvoice.js';
import { readUbl } from './ubl.js';
import { parseXml } from './xml.js';

/** The first embedded CII or UBL invoice of a document, or null. */
export function readEInvoice(doc: ReadDocument): EInvoice | null {
  for (const file of doc.attachments) {
    if (!isXmlFile(file)) continue;
    const root = parseXml(new TextDecoder('utf-8').decode(file.bytes));
    const invoice = root ? (readCii(root) ?? readUbl(root)) : null;
    if (invoice) return { ...invoice, lineItems: invoice.lineItems.flatMap(cleanItem) };
  }
  return null;
}

/**
 * A line's name as one line of text (XML names may break lines: "Mineralwasser Medium\n12 x 1,0l
 * PET"); a line with neither a name nor a number (a text-only position) is no item.
 */
function cleanItem(item: EInvoice['lineItems'][number]): EInvoice['lineItems'] {
  const description = item.description.replace(/\s+/g, ' ').trim();
  const numbers = [item.quantity, item.unit_price, item.amount].some((n) => n !== undefined);
  return description || numbers ? [{ ...item, description }] : [];
}

/** An embedded file that is XML: by its type, its name, or its first characters. */
export function isXmlFile(file: EmbeddedFile): boolean {
  if (/xml/i.test(file.mimeType ?? '') || /\.xml$/i.test(file.name)) return true;
  const head = new TextDecoder('utf-8')
    .decode(file.bytes.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<');
}

export type { EInvoice } from './einvoice.js';
