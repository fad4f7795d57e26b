import type { EmbeddedFile, ReadDocument } from '../../ports/document-reader.port.js';
import { readCii } from './cii.js';
import type { EInvoice } from './einvoice.js';
import { readUbl } from './ubl.js';
import { parseXml } from './xml.js';

/** The first embedded CII or UBL invoice of a document, or null. */
export function readEInvoice(doc: ReadDocument): EInvoice | null {
  for (const file of doc.attachments) {
    if (!isXml(file)) continue;
    const root = parseXml(new TextDecoder('utf-8').decode(file.bytes));
    const invoice = root ? (readCii(root) ?? readUbl(root)) : null;
    if (invoice) return invoice;
  }
  return null;
}

function isXml(file: EmbeddedFile): boolean {
  if (/xml/i.test(file.mimeType ?? '') || /\.xml$/i.test(file.name)) return true;
  const head = new TextDecoder('utf-8')
    .decode(file.bytes.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<');
}

export type { EInvoice } from './einvoice.js';
