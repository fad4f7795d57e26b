/**
 * The one message every target receives: a short text part and a 100 KiB PDF attachment, built once
 * with nodemailer's MailComposer, dot-stuffed and terminated (`CRLF.CRLF`) for the DATA phase. The
 * load generator writes a different `X-Bench-Seq:` header in front of it for every transaction, so
 * no two messages have the same bytes: Intake's blob stores are content-addressed and would skip
 * writing (and syncing) a file they already hold.
 */
import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { makeInvoicePdf } from '../../support/fixtures.js';

export const ATTACHMENT_BYTES = 100 * 1024;

/**
 * makeInvoicePdf() (one page, ~1.5 KB) padded to ATTACHMENT_BYTES by appending, after its `%%EOF`,
 * a newline and pseudo-random bytes (a SHA-256 chain, so the same on every run). PDF readers ignore
 * what follows `%%EOF`; random bytes base64-encode and compress like the compressed streams of a
 * real PDF of that size, where a run of one byte would not.
 */
export async function paddedInvoicePdf(): Promise<Buffer> {
  const pdf = Buffer.from(await makeInvoicePdf({ number: 'INV-2026-0042' }));
  const pad = Buffer.alloc(ATTACHMENT_BYTES - pdf.length - 1);
  let block = createHash('sha256').update('intake smtp bench').digest();
  for (let at = 0; at < pad.length; at += block.length) {
    block.copy(pad, at);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat([pdf, Buffer.from('\n'), pad]);
}

export interface BenchMessage {
  /** What is written after DATA's 354: dot-stuffed, ending with CRLF.CRLF. */
  data: Buffer;
  /** Size of the MIME message itself (CRLF line ends, before dot-stuffing). */
  mimeBytes: number;
  attachmentBytes: number;
}

export async function buildMessage(): Promise<BenchMessage> {
  const pdf = await paddedInvoicePdf();
  const mime = await new MailComposer({
    from: 'Accounts Receivable <billing@supplier.test>',
    to: 'ap@example.test',
    subject: 'Invoice INV-2026-0042',
    messageId: '<inv-2026-0042@supplier.test>',
    date: new Date('2026-03-14T10:00:00Z'),
    text: 'Hello,\n\nplease find attached our invoice INV-2026-0042 for March.\n\nKind regards,\nNorthwind Traders Ltd\n',
    attachments: [{ filename: 'INV-2026-0042.pdf', content: pdf, contentType: 'application/pdf' }],
  })
    .compile()
    .build();
  // MailComposer leaves the text part's bare LFs as they are (Haraka drops a connection that sends
  // one inside DATA); then dot-stuffing (RFC 5321 4.5.2): a line that starts with "." gets another.
  const crlf = mime.toString('latin1').replace(/\r?\n/g, '\r\n');
  const text = crlf.replace(/(^|\r\n)\./g, '$1..');
  const data = Buffer.from(`${text}${text.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1');
  return { data, mimeBytes: crlf.length, attachmentBytes: pdf.length };
}
