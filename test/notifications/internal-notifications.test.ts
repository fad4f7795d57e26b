import nodemailer from 'nodemailer';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRecord } from '@intake/core/email';
import type { SmtpIntake } from '@intake/daemon';
import { createSmtpNotifier } from '@intake/notifier-smtp';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { startSmtpEdge } from '../support/smtp.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const DOMAIN = 'example.test';

/** A real PDF whose text says nothing about its type: the classifier is unsure, so it goes to review. */
async function neutralPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 18, size: 12, font }));
  return pdf.save();
}

describe('internal notifications: real time and the daily digest (PGlite)', () => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let sink: SmtpSink;
  let notifier: ReturnType<typeof createSmtpNotifier>;
  let port: number;
  let key: string;
  let orgId: string;

  const send = async (prefix: string, subject: string, content: Uint8Array, from = 'billing@vendor.example') => {
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({
        from,
        to: `${prefix}@${DOMAIN}`,
        subject,
        attachments: [{ filename: 'document.pdf', content: Buffer.from(content) }],
      });
    const id = /queued as (msg_\w+)/.exec(info.response)![1]!;
    await h.runMail();
    return id;
  };
  const configure = async (body: Record<string, unknown>) => {
    const res = await h.call('POST', '/api/email-ingestion/config', {
      key,
      body: { defaultDocumentType: 'vendor_bill', ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const rows = async (filter: Parameters<ApiHarness['notifications']['list']>[1]): Promise<NotificationRecord[]> =>
    (await h.notifications.list(orgId, filter, { limit: 200, offset: 0 })).items;

  beforeAll(async () => {
    sink = await startSmtpSink();
    notifier = createSmtpNotifier({ relayUrl: sink.url, timeoutMs: 5000 });
    h = await startApi('pglite', { emailDomains: [DOMAIN], maxDocumentBytes: 5 * 1_048_576, notifier });
    ({ smtp, port } = await startSmtpEdge(h.inbound));
    ({ live_key: key, org_id: orgId } = await setUpTenant(h, { credits: 1000 }));
  });
  afterAll(async () => {
    await smtp?.stop();
    await h?.close();
    notifier?.close();
    await sink?.close();
  });

  it('tells every recipient at once that a document arrived and that documents wait for review; never one of our own addresses', async () => {
    await configure({
      emailPrefix: 'team',
      // Nothing is sure enough to process at once: every document waits for review.
      confidenceThresholds: { autoProcess: 1, reviewFlag: 1, humanReview: 0 },
      internalNotifications: {
        recipients: ['ops@corp.example', 'Lead@Corp.example', `ap@${DOMAIN}`],
        events: ['document_received', 'human_review_needed'],
      },
    });
    const id = await send(
      'team',
      'Meeting notes March',
      await neutralPdf(['Falcon project notes', 'Attendees: Maria, Jonas']),
    );
    const message = (await h.call('GET', `/api/email-ingestion/messages/${id}`, { key })).body;
    expect(message.attachments[0].status).toBe('awaiting_review');
    const reviewId = message.attachments[0].review_id as string;

    expect(await h.runNotifications()).toBe(4);
    const received = await sink.waitFor(2, (m) => m.subject.startsWith('[Intake] Received at team'));
    expect(received.map((m) => m.envelopeTo[0]).sort()).toEqual(['lead@corp.example', 'ops@corp.example']);
    const first = received[0]!;
    expect(first.subject).toBe('[Intake] Received at team: Meeting notes March from billing@vendor.example');
    expect(first.from).toBe(`no-reply@${DOMAIN}`);
    expect(first.envelopeFrom).toBe(`no-reply@${DOMAIN}`);
    expect(first.headers['auto-submitted']).toBe('auto-replied');
    expect(first.headers['x-auto-response-suppress']).toBe('All');
    expect(first.text).toContain(`document.pdf: waiting in the review queue (${reviewId}`);
    expect(first.text).toContain(`${h.baseUrl}/api/email-ingestion/messages/${id}`);
    const review = await sink.waitFor(2, (m) => m.subject.startsWith('[Intake] Review needed at team'));
    expect(review[0]!.subject).toBe('[Intake] Review needed at team: 1 document from billing@vendor.example');
    expect(review[0]!.text).toContain(`document.pdf: review ${reviewId}, proposed`);
    expect(review[0]!.text).toContain(`${h.baseUrl}/api/email-ingestion/review?prefix=team`);

    const ours = await rows({ message_id: id });
    const loop = ours.filter((r) => r.recipient === `ap@${DOMAIN}`);
    expect(loop.map((r) => r.status)).toEqual(['suppressed', 'suppressed']);
    expect(loop[0]!.last_error).toContain('at a domain we receive for');
  });

  it('sends only the events a prefix subscribed to', async () => {
    await configure({
      emailPrefix: 'reviewonly',
      internalNotifications: { recipients: ['ops@corp.example'], events: ['human_review_needed'] },
      autoClassify: false,
    });
    const id = await send('reviewonly', 'Invoice straight through', await makeInvoicePdf({ salt: 'reviewonly' }));
    expect(await rows({ message_id: id })).toEqual([]);
  });

  it('with digestMode collects the events and sends one digest per recipient a day, once, at the digest run', async () => {
    await configure({
      emailPrefix: 'digest',
      autoClassify: false,
      internalNotifications: {
        recipients: ['ops@corp.example', 'cfo@corp.example'],
        events: ['document_received', 'human_review_needed'],
        digestMode: true,
      },
    });
    await configure({
      emailPrefix: 'digest2',
      confidenceThresholds: { autoProcess: 1, reviewFlag: 1, humanReview: 0 },
      internalNotifications: {
        recipients: ['ops@corp.example'],
        events: ['document_received', 'human_review_needed'],
        digestMode: true,
      },
    });
    const a = await send('digest', 'First invoice', await makeInvoicePdf({ salt: 'digest-a' }));
    const b = await send('digest', 'Second invoice', await makeInvoicePdf({ salt: 'digest-b' }));
    const c = await send('digest2', 'Unclear document', await neutralPdf(['Summer garden party', 'Bring salads']));
    const before = sink.mails.length;
    await h.runNotifications();
    expect(sink.mails.length).toBe(before); // nothing in real time
    const items = (await rows({ status: 'digest_pending' })).filter((r) => [a, b, c].includes(r.message_id!));
    // a, b: document_received x 2 recipients; c: document_received + human_review_needed to ops.
    expect(items).toHaveLength(6);

    // The run of the day (the cron job calls exactly this), at a fixed "now".
    const at = new Date(Date.now() + 60_000);
    const day = at.toISOString().slice(0, 10);
    const run = await h.notifications.runDigest(at);
    expect(run).toMatchObject({ digests: 2, items: 6, deferred: 0 });
    expect(await h.notifications.runDigest(at)).toMatchObject({ digests: 0, items: 0 });
    expect(await h.runNotifications()).toBe(2);
    const digests = await sink.waitFor(2, (m) => m.subject.startsWith('[Intake] Daily digest'));
    const ops = digests.find((m) => m.envelopeTo[0] === 'ops@corp.example')!;
    const cfo = digests.find((m) => m.envelopeTo[0] === 'cfo@corp.example')!;
    expect(ops.subject).toBe(`[Intake] Daily digest ${day}: 4 notifications, 1 needing review`);
    expect(cfo.subject).toBe(`[Intake] Daily digest ${day}: 2 notifications`);
    for (const text of [
      'First invoice',
      'Second invoice',
      'Unclear document',
      '== Review needed (1) ==',
      '== Documents received (3) ==',
    ])
      expect(ops.text).toContain(text);
    expect(cfo.text).not.toContain('Unclear document');
    expect(ops.headers['auto-submitted']).toBe('auto-replied');
    const digestRows = await rows({ kind: 'digest' });
    expect(digestRows.map((r) => r.digest_key).sort()).toEqual([
      `${orgId}:cfo@corp.example:${day}`,
      `${orgId}:ops@corp.example:${day}`,
    ]);
    const done = (await rows({ status: 'digested' })).filter((r) => [a, b, c].includes(r.message_id!));
    expect(done).toHaveLength(6);
    expect(new Set(done.map((r) => r.digest_id))).toEqual(new Set(digestRows.map((r) => r.id)));

    // An event after the day's digest waits for the next day's: one digest per recipient and day.
    const d = await send('digest', 'Late invoice', await makeInvoicePdf({ salt: 'digest-d' }));
    expect(await h.notifications.runDigest(new Date(at.getTime() + 1000))).toMatchObject({ digests: 0, deferred: 2 });
    const next = await h.notifications.runDigest(new Date(at.getTime() + 86_400_000));
    expect(next).toMatchObject({ digests: 2, items: 2 });
    await h.runNotifications();
    const late = await sink.waitFor(
      2,
      (m) => m.subject.startsWith('[Intake] Daily digest') && m.text.includes('Late invoice'),
    );
    expect(late.map((m) => m.envelopeTo[0]).sort()).toEqual(['cfo@corp.example', 'ops@corp.example']);
    expect((await rows({ message_id: d })).every((r) => r.status === 'digested')).toBe(true);
  });

  it('erp_sync_failed: the hook notifies the subscribed recipients (nothing emits it yet)', async () => {
    await configure({
      emailPrefix: 'erp',
      internalNotifications: { recipients: ['finance@corp.example'], events: ['erp_sync_failed'] },
    });
    const at = new Date().toISOString();
    const written = await h.intake.stores.transaction((tx) =>
      h.notifications.recordErpSyncFailed(tx, orgId, {
        jobId: 'job_erp1',
        prefix: 'erp',
        connectionId: 'erp_conn_1',
        error: 'HTTP 500 from the ERP',
        attempts: 5,
        at,
      }),
    );
    expect(written).toBe(1);
    // Not subscribed: nothing.
    expect(
      await h.intake.stores.transaction((tx) =>
        h.notifications.recordErpSyncFailed(tx, orgId, {
          jobId: 'job_erp2',
          prefix: 'team',
          connectionId: null,
          error: 'x',
          at,
        }),
      ),
    ).toBe(0);
    await h.runNotifications();
    const [mail] = await sink.waitFor(1, (m) => m.subject === '[Intake] ERP sync failed: job job_erp1');
    expect(mail!.envelopeTo).toEqual(['finance@corp.example']);
    expect(mail!.text).toContain('Job job_erp1 could not be sent to the ERP (connection erp_conn_1) after 5 attempts.');
    expect(mail!.text).toContain(`${h.baseUrl}/v1/documents/job_erp1`);
  });
});
