/**
 * @intake/mail-documents: the mail side of the email gateway. createMailParser turns a raw message
 * into its text, headers and attachments (mailparser); createPdfCombiner merges the attachments of
 * a message into one PDF when an inbox asks for that (pdf-lib, with sharp for images).
 */
export { createMailParser } from './message-parser.js';
export type { MailParser, MailParserOptions } from './message-parser.js';
export { createPdfCombiner } from './document-combiner.js';
export type { PdfCombiner, PdfCombinerOptions } from './document-combiner.js';
