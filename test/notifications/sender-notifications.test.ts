import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationService, unconfiguredNotifier, type NotificationRecord } from '@intake/core/email';
import { ManualClock } from '@intake/core/ports';
import type { SmtpIntake } from '@intake/daemon';
import { createSmtpNotifier } from '@intake/notifier-smtp';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { sendRaw, startSmtpEdge } from '../support/smtp.js';
import { setUpTenant } from '../support/tenant.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const DOMAIN = 'example.test';

describe('sender notifications over real SMTP (PGlite)', () => {
  let h: ApiHarness;
  let smtp: SmtpIntake;
  let sink: SmtpSink;
  let notifier: ReturnType<typeof createSmtpNotifier>;
  let port: number;
  let key: string;
  let orgId: string;

  /** One message in through the SMTP edge; returns its id once processed. */
  const send = async (
    prefix: string,
    mail: {
      subject: string;
      from?: string;
      attachments?: { filename: string; content: Uint8Array | string }[];
      headers?: Record<string, string>;
      messageId?: string;
      envelopeFrom?: string;
    },
  ) => {
    const from = mail.from ?? 'billing@vendor.example';
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
      .sendMail({
        from,
        to: `${prefix}@${DOMAIN}`,
        subject: mail.subject,
        text: 'Please find the document attached.',
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        headers: mail.headers ?? {},
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          content: typeof a.content === 'string' ? a.content : Buffer.from(a.content),
        })),
        envelope: { from: mail.envelopeFrom ?? from, to: [`${prefix}@${DOMAIN}`] },
      });
    const id = /queued as (msg_\w+)/.exec(info.response)![1]!;
    await h.runMail();
    return id;
  };
  const invoice = async (salt: string) => ({ filename: 'invoice.pdf', content: await makeInvoicePdf({ salt }) });
  const configure = async (body: Record<string, unknown>) => {
    const res = await h.call('POST', '/api/email-ingestion/config', {
      key,
      body: { defaultDocumentType: 'vendor_bill', autoClassify: false, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const rowsOf = async (messageId: string): Promise<NotificationRecord[]> =>
    (await h.notifications.list(orgId, { message_id: messageId }, { limit: 50, offset: 0 })).items;

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

  it('confirms receipt to the sender, marked as an automatic reply, then tells when the job is done', async () => {
    await configure({
      emailPrefix: 'ap',
      senderNotifications: { sendReceiptConfirmation: true, sendProcessingComplete: true },
    });
    const id = await send('ap', {
      subject: 'Invoice 1001',
      messageId: '<orig-1001@vendor.example>',
      attachments: [await invoice('receipt')],
    });
    const message = (await h.call('GET', `/api/email-ingestion/messages/${id}`, { key })).body;
    const jobId = message.attachments[0].job_id as string;
    expect(jobId).toMatch(/^job_/);

    expect(await h.runNotifications()).toBe(1);
    const [receipt] = await sink.waitFor(1, (m) => m.subject === 'Received: Invoice 1001');
    expect(receipt!.envelopeTo).toEqual(['billing@vendor.example']);
    expect(receipt!.envelopeFrom).toBe(''); // the null sender: a bounce of our reply is never answered
    expect(receipt!.from).toBe(`no-reply@${DOMAIN}`);
    expect(receipt!.headers['auto-submitted']).toBe('auto-replied');
    expect(receipt!.headers['x-auto-response-suppress']).toBe('All');
    expect(receipt!.headers['in-reply-to']).toBe('<orig-1001@vendor.example>');
    expect(receipt!.text).toContain('We received your message "Invoice 1001"');
    expect(receipt!.text).toContain(id);
    expect(receipt!.text).toContain(`invoice.pdf: being processed (job ${jobId}, as vendor bill)`);
    expect(receipt!.text).toContain('You will get another message when each document has been processed.');

    // Processing complete comes from the job's own event, once the job has run.
    await h.runJobs();
    expect((await h.call('GET', `/v1/documents/${jobId}`, { key })).body.status).toBe('completed');
    expect(await h.runNotifications()).toBe(1);
    const [done] = await sink.waitFor(1, (m) => m.subject === 'Processed: Invoice 1001');
    expect(done!.envelopeTo).toEqual(['billing@vendor.example']);
    expect(done!.headers['auto-submitted']).toBe('auto-replied');
    expect(done!.text).toContain('Your document invoice.pdf has been processed.');
    expect(done!.text).toContain(`${id}, job ${jobId}`);

    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['processing_complete', 'sent'],
      ['receipt_confirmation', 'sent'],
    ]);
    // Nothing is sent twice.
    expect(await h.runNotifications()).toBe(0);
    expect(sink.mails.filter((m) => m.subject.endsWith('Invoice 1001'))).toHaveLength(2);
  });

  it('never answers automatic mail, list mail, mailer daemons or a null return path', async () => {
    await configure({
      emailPrefix: 'loops',
      senderNotifications: { sendReceiptConfirmation: true, sendErrorNotification: true, sendProcessingComplete: true },
    });
    const before = sink.mails.length;
    const cases: { name: string; id: string; reason: RegExp }[] = [];
    const add = async (name: string, reason: RegExp, mail: Omit<Parameters<typeof send>[1], 'subject'>) =>
      cases.push({
        name,
        reason,
        id: await send('loops', { ...mail, subject: `loop ${name}`, attachments: [await invoice(`loop-${name}`)] }),
      });
    await add('auto-generated', /Auto-Submitted: auto-generated/, { headers: { 'Auto-Submitted': 'auto-generated' } });
    await add('auto-replied', /Auto-Submitted: auto-replied/, {
      headers: { 'Auto-Submitted': 'auto-replied; owner-email="x@vendor.example"' },
    });
    await add('bulk', /Precedence: bulk/, { headers: { Precedence: 'bulk' } });
    await add('list-id', /List-Id/, { headers: { 'List-Id': 'Invoices <invoices.lists.vendor.example>' } });
    await add('list-unsubscribe', /List-Unsubscribe/, {
      headers: { 'List-Unsubscribe': '<mailto:leave@vendor.example>' },
    });
    await add('mailer-daemon', /automatic address/, { from: 'MAILER-DAEMON@mx.vendor.example' });
    await add('noreply', /automatic address/, { from: 'noreply@vendor.example' });
    await add('own-domain', /a domain we receive for/, { from: `someone@${DOMAIN}` });
    // The null sender: MAIL FROM:<>, as bounces are sent.
    const raw = [
      'From: Billing <billing@vendor.example>',
      `To: loops@${DOMAIN}`,
      'Subject: loop null-sender',
      'Message-ID: <null-sender@vendor.example>',
      'MIME-Version: 1.0',
      'Content-Type: text/plain',
      '',
      'No attachment, no return path.',
      '',
    ].join('\r\n');
    const reply = await sendRaw(port, '', [`loops@${DOMAIN}`], raw);
    expect(reply.code).toBe(250);
    await h.runMail();
    cases.push({ name: 'null-sender', id: /queued as (msg_\w+)/.exec(reply.text)![1]!, reason: /null return path/ });
    // A person's mail with Auto-Submitted: no is answered.
    const person = await send('loops', {
      subject: 'loop person',
      headers: { 'Auto-Submitted': 'no' },
      attachments: [await invoice('loop-person')],
    });

    await h.runNotifications();
    await sink.waitFor(1, (m) => m.subject === 'Received: loop person');
    for (const c of cases) {
      const rows = await rowsOf(c.id);
      expect(rows.length, c.name).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.status, c.name).toBe('suppressed');
        expect(row.last_error, c.name).toMatch(c.reason);
      }
    }
    // Their jobs run: processing complete is not sent to them either.
    await h.runJobs();
    await h.runNotifications();
    await sink.waitFor(1, (m) => m.subject === 'Processed: loop person');
    const sent = sink.mails.slice(before);
    expect(sent.map((m) => m.subject).sort()).toEqual(['Processed: loop person', 'Received: loop person']);
    expect((await rowsOf(person)).every((r) => r.status === 'sent')).toBe(true);
    const completeRows = await h.notifications.list(
      orgId,
      { kind: 'processing_complete', status: 'suppressed' },
      { limit: 50, offset: 0 },
    );
    expect(completeRows.items.length).toBeGreaterThanOrEqual(cases.length - 1); // every case with a job
  });

  it('sends an error notification for refused attachments, no attachment at all, and rejected duplicates', async () => {
    await configure({
      emailPrefix: 'errs',
      senderNotifications: { sendErrorNotification: true },
      duplicateDetection: { action: 'reject' },
    });
    const mixed = await send('errs', {
      subject: 'Two files',
      attachments: [await invoice('errs-1'), { filename: 'notes.txt', content: 'just some text, not a document' }],
    });
    const empty = await send('errs', { subject: 'Forgot the file' });
    const dup = await send('errs', { subject: 'Again', attachments: [await invoice('errs-1')] });
    const clean = await send('errs', { subject: 'All fine', attachments: [await invoice('errs-2')] });
    await h.runNotifications();
    const [mixedMail] = await sink.waitFor(1, (m) => m.subject === 'Not processed: Two files');
    expect(mixedMail!.text).toContain('notes.txt: not a document type we read (PDF, PNG, JPEG, WebP or TIFF)');
    expect(mixedMail!.text).toMatch(/invoice\.pdf: being processed \(job job_\w+/);
    expect(mixedMail!.headers['auto-submitted']).toBe('auto-replied');
    const [emptyMail] = await sink.waitFor(1, (m) => m.subject === 'Not processed: Forgot the file');
    expect(emptyMail!.text).toContain('The message has no attachment');
    const firstJob = (await h.call('GET', `/api/email-ingestion/messages/${mixed}`, { key })).body.attachments[0]
      .job_id;
    const [dupMail] = await sink.waitFor(1, (m) => m.subject === 'Not processed: Again');
    expect(dupMail!.text).toContain(`invoice.pdf: a duplicate of a document received before (job ${firstJob})`);
    // Without problems nothing goes out: receipt confirmation is off.
    expect(await rowsOf(clean)).toEqual([]);
    expect((await rowsOf(empty))[0]).toMatchObject({
      kind: 'error',
      status: 'sent',
      recipient: 'billing@vendor.example',
    });
    expect((await rowsOf(dup))[0]).toMatchObject({ kind: 'error', status: 'sent' });
  });

  it("uses notificationFromAddress as the From of the prefix's mail", async () => {
    await configure({
      emailPrefix: 'custom',
      senderNotifications: { sendReceiptConfirmation: true, notificationFromAddress: 'ap-team@corp.example' },
    });
    await send('custom', { subject: 'From check', attachments: [await invoice('custom')] });
    await h.runNotifications();
    const [mail] = await sink.waitFor(1, (m) => m.subject === 'Received: From check');
    expect(mail!.from).toBe('ap-team@corp.example');
    expect(mail!.messageId).toMatch(/^<ntf_\w+@corp\.example>$/);
  });

  it('retries when the relay answers 451 (1, 5, 30 minutes), fails at once on 550, and never sends one twice', async () => {
    await configure({ emailPrefix: 'retry', senderNotifications: { sendReceiptConfirmation: true } });
    sink.refuse(1, 451, '4.3.0 Try again later');
    const attemptsBefore = sink.attempts;
    const id = await send('retry', { subject: 'Retry me', attachments: [await invoice('retry')] });
    const started = Date.now();
    const first = await h.notifications.sendDue('w1', 10);
    expect(first).toMatchObject({ sent: 0, retrying: 1 });
    let [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/the relay answered 451: .*Try again later \(attempt 1 of 4; next at /);
    const due = Date.parse(row!.next_attempt_at!);
    expect(due - started).toBeGreaterThanOrEqual(59_000);
    expect(due - started).toBeLessThan(70_000);
    // Not before its time.
    expect(await h.notifications.sendDue('w1', 10)).toMatchObject({ sent: 0, retrying: 0 });

    // A minute later (a fake clock), two workers: one mail.
    const clock = new ManualClock(new Date(due + 1000));
    const later = (owner: string) =>
      new NotificationService({
        stores: h.intake.stores,
        notifier,
        clock,
        ids: h.intake.ids,
        options: { ownDomains: [DOMAIN] },
      }).sendDue(owner, 10);
    const reports = await Promise.all([later('w2'), later('w3')]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(1);
    [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sink.mails.filter((m) => m.subject === 'Received: Retry me')).toHaveLength(1);
    expect(sink.attempts - attemptsBefore).toBe(2);

    // 550: permanent, no retry.
    sink.refuse(1, 550, '5.1.1 No such user');
    const refused = await send('retry', { subject: 'Refused', attachments: [await invoice('retry-550')] });
    expect(await h.notifications.sendDue('w1', 10)).toMatchObject({ failed: 1 });
    const [failed] = await rowsOf(refused);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(failed!.last_error).toMatch(/550 .*No such user.*permanent, not retried/);

    // Four temporary failures: after 1, 5 and 30 minutes, then it is given up.
    sink.refuse(4, 451);
    const busy = await send('retry', { subject: 'Busy relay', attachments: [await invoice('retry-busy')] });
    const busyClock = new ManualClock(new Date());
    const service = new NotificationService({
      stores: h.intake.stores,
      notifier,
      clock: busyClock,
      ids: h.intake.ids,
      options: { ownDomains: [DOMAIN] },
    });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const report = await service.sendDue('w4', 10);
      expect(report.sent).toBe(0);
      const [current] = await rowsOf(busy);
      if (attempt < 4) {
        expect(current).toMatchObject({ status: 'pending', attempts: attempt });
        const wait = Date.parse(current!.next_attempt_at!) - busyClock.now().getTime();
        waits.push(wait);
        busyClock.advance(wait);
      } else {
        expect(current).toMatchObject({ status: 'failed', attempts: 4 });
        expect(current!.last_error).toMatch(/attempt 4 of 4; no attempts left/);
      }
    }
    expect(waits).toEqual([60_000, 300_000, 1_800_000]);
  });

  it('without a relay (no SMTP_RELAY_URL) records the notification as failed, saying why', async () => {
    await configure({ emailPrefix: 'norelay', senderNotifications: { sendReceiptConfirmation: true } });
    const id = await send('norelay', { subject: 'No relay', attachments: [await invoice('norelay')] });
    const without = new NotificationService({
      stores: h.intake.stores,
      notifier: unconfiguredNotifier(),
      clock: h.intake.clock,
      ids: h.intake.ids,
      options: { ownDomains: [DOMAIN] },
    });
    expect(await without.sendDue('no-relay', 10)).toMatchObject({ failed: 1 });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toMatch(/^SMTP_RELAY_URL is not set/);
  });

  it('a message carrying a notification of ours produces no notification at all', async () => {
    await configure({
      emailPrefix: 'echo',
      senderNotifications: { sendReceiptConfirmation: true },
      internalNotifications: { recipients: ['ops@corp.example'], events: ['document_received'] },
    });
    const id = await send('echo', {
      subject: 'Received: something',
      headers: { 'X-Intake-Notification': 'receipt_confirmation' },
      attachments: [await invoice('echo')],
    });
    expect(await rowsOf(id)).toEqual([]);
  });
});
