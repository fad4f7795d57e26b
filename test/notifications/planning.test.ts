/** The pure rules: who may be answered, which notifications a message and a job produce. */
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '@intake/daemon';
import {
  EmailIngestionConfigInputSchema,
  NotificationService,
  automaticMessageReason,
  isAutomatedAddress,
  planMessageNotifications,
  scanRawHeaders,
  senderReplyVerdict,
  unconfiguredNotifier,
  type InboundMessageResult,
} from '@intake/core/email';
import { ManualClock } from '@intake/core/ports';
import { createSequentialIds } from '@intake/core/shared';
import { createMemoryStores, makeInboundMessage, makeOrg } from '@intake/core/testing';

const own = ['example.test'];
const verdict = (
  headers: Record<string, string>,
  from: string | null = 'alice@vendor.example',
  envelopeFrom: string | null = 'alice@vendor.example',
) => senderReplyVerdict({ headers, from, envelopeFrom, ownDomains: own });

describe('the loop guard', () => {
  it('answers a person', () => {
    expect(verdict({})).toEqual({ ok: true, to: 'alice@vendor.example' });
    expect(verdict({ 'auto-submitted': 'no' })).toEqual({ ok: true, to: 'alice@vendor.example' });
    expect(verdict({ 'auto-submitted': 'No (written by a person)' })).toEqual({ ok: true, to: 'alice@vendor.example' });
    // The From address, not a bounce address of the envelope.
    // A mailing service's bounce address in the envelope: the person in From is answered.
    expect(verdict({}, 'Alice@Vendor.example', 'bounces+123@em.mailer.example')).toEqual({
      ok: true,
      to: 'alice@vendor.example',
    });
    expect(verdict({}, 'alice@vendor.example', 'srs0=abc@forwarder.example')).toEqual({
      ok: true,
      to: 'alice@vendor.example',
    });
    expect(verdict({}, null, 'bob@vendor.example')).toEqual({ ok: true, to: 'bob@vendor.example' });
  });

  it('never answers automatic, list or bulk mail, automatic senders, our own domains or a null return path', () => {
    const no = (headers: Record<string, string>, from?: string | null, envelope?: string | null) => {
      const v = verdict(headers, from, envelope);
      expect(v.ok).toBe(false);
      return v.ok ? '' : v.reason;
    };
    expect(no({ 'auto-submitted': 'auto-generated' })).toContain('Auto-Submitted: auto-generated');
    expect(no({ 'auto-submitted': 'auto-replied' })).toContain('auto-replied');
    expect(no({ 'auto-submitted': 'auto-notified; owner-email="a@b"' })).toContain('auto-notified');
    expect(no({ 'auto-submitted': '=?utf-8?q?auto-generated?=' })).toContain('auto-generated');
    expect(no({ 'auto-submitted': '' })).toContain('(empty)');
    for (const p of ['bulk', 'list', 'junk', 'Bulk']) expect(no({ precedence: p })).toContain('Precedence');
    expect(no({ 'list-id': '<x.example>' })).toContain('List-Id');
    expect(no({ 'list-unsubscribe': '<mailto:x@y>' })).toContain('List-Unsubscribe');
    expect(no({ 'x-auto-response-suppress': 'OOF, AutoReply' })).toContain('X-Auto-Response-Suppress');
    expect(no({ 'x-intake-notification': 'receipt_confirmation' })).toContain('notification of ours');
    expect(no({}, 'alice@vendor.example', null)).toContain('null return path');
    expect(no({}, 'alice@vendor.example', '')).toContain('null return path');
    expect(no({}, 'mailer-daemon@vendor.example')).toContain('automatic address');
    expect(no({}, 'alice@vendor.example', 'MAILER-DAEMON@mx.vendor.example')).toContain('envelope sender');
    expect(no({}, 'ap@example.test', 'ap@example.test')).toContain('a domain we receive for');
    expect(no({}, 'ap@in.example.test', 'ap@in.example.test')).toContain('a domain we receive for');
    expect(no({}, 'not an address')).toContain('not one we can answer');
    for (const a of [
      'postmaster@x.example',
      'noreply@x.example',
      'no-reply@x.example',
      'do-not-reply@x.example',
      'donotreply@x.example',
      'bounces+abc@x.example',
      'owner-list@x.example',
      'list-request@x.example',
      'mailman@x.example',
    ]) {
      expect(isAutomatedAddress(a), a).toBe(true);
    }
    for (const a of ['alice@x.example', 'replies@x.example', 'norma@x.example', 'bouncer@x.example'])
      expect(isAutomatedAddress(a), a).toBe(false);
    expect(automaticMessageReason({ precedence: 'first-class' })).toBeNull();
  });

  it('reads the header of a message the MIME parser could not read', () => {
    const raw = new TextEncoder().encode(
      'From: "Alice" <Alice@Vendor.example>\r\nAuto-Submitted:\r\n auto-generated\r\nSubject: x\r\n\r\nbody: not a header\r\n',
    );
    const scanned = scanRawHeaders(raw);
    expect(scanned.from).toBe('alice@vendor.example');
    expect(scanned.headers['auto-submitted']).toBe('auto-generated');
    expect(scanned.headers.body).toBeUndefined();
  });
});

describe("planning a message's notifications", () => {
  const config = (over: Record<string, unknown> = {}) =>
    EmailIngestionConfigInputSchema.parse({ emailPrefix: 'ap', defaultDocumentType: 'vendor_bill', ...over });
  const ctx = { ids: createSequentialIds(), now: '2026-03-01T08:00:00.000Z', ownDomains: own };
  const record = makeInboundMessage('org_1', {
    prefix: 'ap',
    recipient: 'ap+march@example.test',
    envelope_from: 'alice@vendor.example',
  });
  const result = (over: Partial<InboundMessageResult> = {}): InboundMessageResult => ({
    status: 'processed',
    from_address: 'alice@vendor.example',
    subject: 'Invoice 7',
    message_id_header: 'orig@vendor.example',
    outcomes: [
      {
        index: 0,
        filename: 'a.pdf',
        original_filename: 'a.pdf',
        declared_type: 'application/pdf',
        detected_type: 'application/pdf',
        size_bytes: 10,
        inline: false,
        status: 'job_created',
        job_id: 'job_1',
        reason: null,
      },
    ],
    error: null,
    processed_at: ctx.now,
    ...over,
  });

  it('sends nothing unless a flag says so (every flag defaults to off)', () => {
    expect(planMessageNotifications(ctx, { record, result: result(), config: config(), headers: {} })).toEqual({
      rows: [],
      sender: null,
    });
  });

  it('one mail at most to the sender: the error notification wins over the receipt', () => {
    const skipped = result({
      outcomes: [
        { ...result().outcomes[0]!, status: 'skipped', job_id: null, reason: { code: 'too_large', message: 'big' } },
      ],
    });
    const both = config({ senderNotifications: { sendReceiptConfirmation: true, sendErrorNotification: true } });
    const plan = planMessageNotifications(ctx, { record, result: skipped, config: both, headers: {} });
    expect(plan.rows.map((r) => r.kind)).toEqual(['error']);
    expect(plan.rows[0]).toMatchObject({
      recipient: 'alice@vendor.example',
      from_address: 'no-reply@example.test',
      envelope_from: null,
      status: 'pending',
      source_key: `error:${record.id}`,
    });
    expect(plan.rows[0]!.headers).toMatchObject({
      'Auto-Submitted': 'auto-replied',
      'X-Auto-Response-Suppress': 'All',
      'In-Reply-To': '<orig@vendor.example>',
      References: '<orig@vendor.example>',
    });
    expect(plan.rows[0]!.body).toContain('a.pdf: the file is larger than this address takes');
    const ok = planMessageNotifications(ctx, { record, result: result(), config: both, headers: {} });
    expect(ok.rows.map((r) => r.kind)).toEqual(['receipt_confirmation']);
    // A failed message gets no receipt, only an error notification.
    const failed = result({
      status: 'failed',
      outcomes: [],
      error: { code: 'unparseable_message', message: 'The message could not be parsed' },
    });
    expect(
      planMessageNotifications(ctx, {
        record,
        result: failed,
        config: config({ senderNotifications: { sendReceiptConfirmation: true } }),
        headers: {},
      }).rows,
    ).toEqual([]);
    expect(
      planMessageNotifications(ctx, { record, result: failed, config: both, headers: {} }).rows.map((r) => r.kind),
    ).toEqual(['error']);
  });

  it('records the sender for processing complete only when a job or review may end later', () => {
    const flags = config({ senderNotifications: { sendProcessingComplete: true } });
    const plan = planMessageNotifications(ctx, {
      record,
      result: result(),
      config: flags,
      headers: { 'auto-submitted': 'auto-generated' },
    });
    expect(plan.rows).toEqual([]);
    expect(plan.sender).toMatchObject({
      message_id: record.id,
      reply_to: null,
      suppressed_reason: 'the message has Auto-Submitted: auto-generated',
      from_address: 'no-reply@example.test',
      in_reply_to: 'orig@vendor.example',
    });
    expect(
      planMessageNotifications(ctx, { record, result: result({ outcomes: [] }), config: flags, headers: {} }).sender,
    ).toBeNull();
  });

  it('test messages (POST /api/email-ingestion/test) and unknown headers answer nobody', () => {
    const flags = config({ senderNotifications: { sendReceiptConfirmation: true } });
    expect(
      planMessageNotifications(ctx, {
        record: { ...record, source: 'test' },
        result: result(),
        config: flags,
        headers: {},
      }).rows,
    ).toEqual([]);
    const unread = planMessageNotifications(ctx, { record, result: result(), config: flags, headers: null });
    expect(unread.rows[0]).toMatchObject({
      status: 'suppressed',
      last_error: 'not sent: the message header could not be read',
    });
  });
});

describe('job events and the service', () => {
  it('a failed email job tells the sender when only error notifications are on; nothing when the flags are off', async () => {
    const stores = createMemoryStores();
    const org = makeOrg();
    await stores.organizations.insert(org);
    const at = '2026-03-01T08:00:00.000Z';
    const config = (flags: Record<string, boolean>) =>
      EmailIngestionConfigInputSchema.parse({
        emailPrefix: 'ap',
        defaultDocumentType: 'vendor_bill',
        senderNotifications: flags,
      });
    await stores.emailIngestion.insert({
      org_id: org.id,
      prefix: 'ap',
      config: config({ sendErrorNotification: true }),
      created_at: at,
      updated_at: at,
    });
    const message = makeInboundMessage(org.id, { prefix: 'ap', status: 'processed' });
    await stores.inboundMessages.insert([message]);
    await stores.notifications.saveSender({
      message_id: message.id,
      org_id: org.id,
      prefix: 'ap',
      reply_to: 'alice@vendor.example',
      suppressed_reason: null,
      from_address: 'no-reply@example.test',
      in_reply_to: null,
      subject: 'Invoice',
      received_at: at,
      created_at: at,
    });
    const event = (id: string, kind: 'job.completed' | 'job.failed') =>
      stores.outbox.add({
        id,
        org_id: org.id,
        environment: 'live',
        event: kind,
        created_at: at,
        data: {
          id: `job_${id}`,
          metadata: {
            source: 'email',
            email: { message_id: message.id, prefix: 'ap', subject: 'Invoice' },
            attachments: ['a.pdf'],
          },
          error_details: { code: 'document_unreadable', message: 'Unreadable', suggestion: 'Send a clearer scan.' },
          failed_at: at,
          completed_at: at,
        },
      });
    await event('e1', 'job.completed');
    await event('e2', 'job.failed');
    const clock = new ManualClock(at);
    const service = new NotificationService({
      stores,
      notifier: unconfiguredNotifier(),
      clock,
      ids: createSequentialIds(),
      options: { ownDomains: own },
    });
    expect(await service.dispatchJobEvents()).toEqual({ handled: 2, queued: 1, deferred: 0 });
    const made = (await stores.notifications.list(org.id, {}, { limit: 10, offset: 0 })).items;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      kind: 'error',
      job_id: 'job_e2',
      subject: 'Processing failed: Invoice',
      recipient: 'alice@vendor.example',
    });
    expect(made[0]!.body).toContain('Reason: Unreadable');
    expect(made[0]!.body).toContain('What to do: Send a clearer scan.');
    expect(await service.dispatchJobEvents()).toEqual({ handled: 0, queued: 0, deferred: 0 });
  });
});

describe('daemon settings', () => {
  it('validates DIGEST_CRON with node-cron and SMTP_RELAY_URL as smtp:// or smtps://', () => {
    expect(ConfigSchema.parse({}).DIGEST_CRON).toBe('0 8 * * *');
    expect(ConfigSchema.parse({}).SMTP_RELAY_URL).toBeUndefined();
    expect(ConfigSchema.safeParse({ DIGEST_CRON: 'every morning' }).success).toBe(false);
    expect(ConfigSchema.parse({ DIGEST_CRON: '30 7 * * 1-5' }).DIGEST_CRON).toBe('30 7 * * 1-5');
    expect(ConfigSchema.parse({ SMTP_RELAY_URL: 'smtp://127.0.0.1:25' }).SMTP_RELAY_URL).toBe('smtp://127.0.0.1:25');
    expect(ConfigSchema.parse({ SMTP_RELAY_URL: 'smtps://user:pw@relay.example:465' }).SMTP_RELAY_URL).toBe(
      'smtps://user:pw@relay.example:465',
    );
    const bad = ConfigSchema.safeParse({ SMTP_RELAY_URL: 'http://relay.example' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error)).toContain('smtp://');
  });
});
