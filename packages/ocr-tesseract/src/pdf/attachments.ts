/**
 * Files embedded in a PDF (its EmbeddedFiles name tree): how ZUGFeRD / Factur-X / XRechnung carry
 * their CII or UBL invoice XML, which core can read exactly instead of guessing from the page.
 */
import type { EmbeddedFile } from '@intake/core';
import { sniffMimeType } from '@intake/core/reading';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';

interface PdfjsAttachment {
  filename?: string;
  rawFilename?: string;
  content?: Uint8Array;
}

export async function pdfAttachments(pdf: PDFDocumentProxy): Promise<EmbeddedFile[]> {
  const found = ((await pdf.getAttachments()) ?? {}) as Record<string, PdfjsAttachment>;
  const files: EmbeddedFile[] = [];
  for (const [key, attachment] of Object.entries(found)) {
    if (!(attachment.content instanceof Uint8Array)) continue;
    const name = safeName(attachment.filename || attachment.rawFilename || key);
    const mimeType = mimeTypeOf(attachment.content, name);
    files.push({ name, bytes: attachment.content, ...(mimeType ? { mimeType } : {}) });
  }
  return files;
}

/**
 * The name is whatever the PDF's author wrote, e.g. `../../etc/x.xml` or control characters: keep
 * the last path segment only, printable, and not empty.
 */
function safeName(raw: string): string {
  const base = raw.split(/[\\/]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean === '' || clean === '.' || clean === '..' ? 'attachment' : clean.slice(0, 255);
}

/**
 * By content, since names lie. XML without a declaration (`<rsm:CrossIndustryInvoice ...`) counts
 * when the name agrees; telling CII from UBL is left to whoever parses the XML.
 */
function mimeTypeOf(bytes: Uint8Array, name: string): string | undefined {
  const sniffed = sniffMimeType(bytes);
  if (sniffed) return sniffed;
  const head = Buffer.from(bytes.subarray(0, 256))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<?xml') || (head.startsWith('<') && /\.xml$/i.test(name))) return 'application/xml';
  return undefined;
}
