import nodemailer from 'nodemailer';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpIntake } from '@intake/daemon';
import { createSmtpNotifier } from '@intake/notifier-smtp';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { startSmtpEdge } from '../support/smtp.js';
import { setUpTenant } from '../support/tenant.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const DOMAIN = 'example.test';

/** A vendor bill as a text PDF: the vendor, an invoice number, and the account to pay. */
async function bill(number: string, iban: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const line = (text: string, x: number, y: number, size = 11) => page.drawText(text, { x, y, size, font });
  line('Brightwater Supplies Ltd', 50, 780, 16);
  line('12 Quay Street, Bristol BS1 4DJ', 50, 762);
  line('Invoice no.', 380, 740);
  line(number, 460, 740);
  line('Date: 02.04.2026', 380, 724);
  line('Total GBP 480.00', 380, 520);
  line('Bank: Barclays Bank PLC', 50, 120);
  line(`IBAN: ${iban}`, 50, 104);
  return pdf.save();
}

describe('payment_details_changed: the internal notification of an email job (PGlite)', () => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let sink: SmtpSink;
  let notifier: ReturnType<typeof createSmtpNotifier>;
  let port: number;
  let key: string;

  const send = async (subject: string, content: Uint8Array) => {
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({
        from: 'accounts@brightwater.example',
        to: `bills@${DOMAIN}`,
        subject,
        attachments: [{ filename: 'bill.pdf', content: Buffer.from(content) }],
      });
    const id = /queued as (msg_\w+)/.exec(info.response)![1]!;
    await h.runMail();
    await h.runJobs();
    const message = (await h.call('GET', `/api/email-ingestion/messages/${id}`, { key })).body;
    return (await h.call('GET', `/v1/documents/${message.attachments[0].job_id}`, { key })).body;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    notifier = createSmtpNotifier({ relayUrl: sink.url, timeoutMs: 5000 });
    h = await startApi('pglite', { emailDomains: [DOMAIN], notifier });
    ({ smtp, port } = await startSmtpEdge(h.inbound));
    key = (
      await setUpTenant(h, {
        credits: 1000,
        prefixes: [
          {
            emailPrefix: 'bills',
            defaultDocumentType: 'invoice',
            confidenceThresholds: { autoProcess: 0, reviewFlag: 0, humanReview: 0 },
            internalNotifications: { recipients: ['controller@corp.example'], events: ['payment_details_changed'] },
          },
        ],
      })
    ).live_key;
  });
  afterAll(async () => {
    await smtp?.stop();
    await h?.close();
    notifier?.close();
    await sink?.close();
  });

  it('tells the subscribed recipients when a vendor mails other bank details, and only then', async () => {
    const first = await send('Invoice BW-501', await bill('BW-501', 'GB29 NWBK 6016 1331 9268 19'));
    expect(first.status).toBe('completed');
    expect(first.payment_details_changed).toBeNull();
    expect(await h.runNotifications()).toBe(0);

    const second = await send('Invoice BW-502', await bill('BW-502', 'GB82 WEST 1234 5698 7654 32'));
    expect(second.needs_review).toBe(true);
    expect(second.payment_details_changed).toMatchObject({
      previous: { iban: 'GB29NWBK60161331926819' },
      job_id: first.id,
    });
    expect(await h.runNotifications()).toBe(1);
    const [mail] = await sink.waitFor(1, (m) => m.subject === `[Intake] Bank details changed: job ${second.id}`);
    expect(mail!.envelopeTo).toEqual(['controller@corp.example']);
    expect(mail!.text).toContain('GB82WEST12345698765432');
    expect(mail!.text).toContain(`job ${first.id}`);
    expect(mail!.text).toContain('GB29NWBK60161331926819');
  });
});
