/**
 * Several daemons on one PostgreSQL database: each notification is sent once, each job event
 * makes its notification once, each recipient gets one digest a day, whoever runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandomIds, systemClock } from '@intake/core';
import { EmailIngestionConfigInputSchema, NotificationService, type NotificationRecord } from '@intake/core/email';
import { makeInboundMessage, makeNotification, makeOrg } from '@intake/core/testing';
import { createSmtpNotifier } from '@intake/notifier-smtp';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const DOMAIN = 'example.test';
const DAEMONS = 3;

describe('notifications with several daemons on one PostgreSQL database', () => {
  let db: TestDatabase;
  let storages: SqlStorage[];
  let sink: SmtpSink;
  let notifiers: ReturnType<typeof createSmtpNotifier>[];
  let services: NotificationService[];
  let orgId: string;

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    // Daemon 0 uses the test database's own storage; the others connect on their own, as daemons do.
    storages = [db.storage];
    for (let i = 1; i < DAEMONS; i++)
      storages.push(
        await createSqlStorage({
          kind: 'postgres',
          databaseUrl: db.databaseUrl!,
          migrate: false,
          extractorCache: false,
        }),
      );
    sink = await startSmtpSink();
    notifiers = storages.map(() => createSmtpNotifier({ relayUrl: sink.url, timeoutMs: 5000 }));
    services = storages.map(
      (stores, i) =>
        new NotificationService({
          stores,
          notifier: notifiers[i]!,
          clock: systemClock,
          ids: createRandomIds(),
          options: { ownDomains: [DOMAIN] },
        }),
    );
    const org = makeOrg();
    await db.storage.organizations.insert(org);
    orgId = org.id;
  });
  afterAll(async () => {
    for (const n of notifiers ?? []) n.close();
    for (const s of storages?.slice(1) ?? []) await s.close();
    await db?.close();
    await sink?.close();
  });

  /** Every daemon sends until none finds anything due. */
  const drainAll = async () => {
    const loop = async (service: NotificationService, owner: string) => {
      let sent = 0;
      for (;;) {
        const report = await service.sendDue(owner, 3);
        sent += report.sent;
        if (report.sent + report.retrying + report.failed + report.lost === 0) return sent;
      }
    };
    return Promise.all(services.map((s, i) => loop(s, `daemon-${i}`)));
  };

  it('sends each due notification once although every daemon claims at the same time', async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 30 }, (_, i) =>
      makeNotification(orgId, {
        recipient: `r${i}@vendor.example`,
        subject: `Bulk ${i}`,
        created_at: now,
        next_attempt_at: now,
      }),
    );
    await db.storage.notifications.insert(rows);
    const perDaemon = await drainAll();
    expect(perDaemon.reduce((a, b) => a + b, 0)).toBe(30);
    const mails = await sink.waitFor(30, (m) => m.subject.startsWith('Bulk '));
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(30);
    for (const row of rows)
      expect(await db.storage.notifications.get(orgId, row.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('turns each job event into one processing-complete notification, whichever daemon dispatches it', async () => {
    const config = EmailIngestionConfigInputSchema.parse({
      emailPrefix: 'ap',
      defaultDocumentType: 'vendor_bill',
      senderNotifications: { sendProcessingComplete: true },
    });
    const at = new Date().toISOString();
    await db.storage.emailIngestion.insert({ org_id: orgId, prefix: 'ap', config, created_at: at, updated_at: at });
    const jobs: string[] = [];
    for (let i = 0; i < 12; i++) {
      const message = makeInboundMessage(orgId, {
        prefix: 'ap',
        recipient: `ap@${DOMAIN}`,
        status: 'processed',
        subject: `Job mail ${i}`,
        processed_at: at,
      });
      await db.storage.inboundMessages.insert([message]);
      await db.storage.notifications.saveSender({
        message_id: message.id,
        org_id: orgId,
        prefix: 'ap',
        reply_to: `sender${i}@vendor.example`,
        suppressed_reason: null,
        from_address: `no-reply@${DOMAIN}`,
        in_reply_to: null,
        subject: `Job mail ${i}`,
        received_at: at,
        created_at: at,
      });
      const jobId = `job_multi${i}`;
      jobs.push(jobId);
      await db.storage.outbox.add({
        id: `evt_multi${i}`,
        org_id: orgId,
        environment: 'live',
        event: i % 3 === 0 ? 'job.failed' : 'job.completed',
        data: {
          id: jobId,
          status: i % 3 === 0 ? 'failed' : 'completed',
          metadata: {
            source: 'email',
            email: { message_id: message.id, prefix: 'ap', subject: `Job mail ${i}` },
            attachments: [`doc${i}.pdf`],
          },
          error_details: { code: 'document_unreadable', message: 'The document could not be read' },
          completed_at: at,
          failed_at: at,
        },
        created_at: at,
      });
    }
    // A message still being processed holds its jobs' events back.
    const pending = makeInboundMessage(orgId, { prefix: 'ap', status: 'processing' });
    await db.storage.inboundMessages.insert([pending]);
    await db.storage.outbox.add({
      id: 'evt_multi_pending',
      org_id: orgId,
      environment: 'live',
      event: 'job.completed',
      data: { id: 'job_multi_pending', metadata: { source: 'email', email: { message_id: pending.id } } },
      created_at: at,
    });

    const results = await Promise.all(services.map((s) => s.dispatchJobEvents(5)));
    // Keep dispatching until only the held-back event is left.
    for (;;) {
      const more = await Promise.all(services.map((s) => s.dispatchJobEvents(5)));
      results.push(...more);
      if (more.every((r) => r.handled === 0)) break;
    }
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(12);
    const made = (
      await db.storage.notifications.list(orgId, { kind: 'processing_complete' }, { limit: 100, offset: 0 })
    ).items;
    expect(made.map((r) => r.job_id).sort()).toEqual([...jobs].sort());
    expect(made.every((r) => r.envelope_from === null && r.status === 'pending')).toBe(true);
    expect(made.find((r) => r.job_id === 'job_multi0')!.subject).toBe('Processing failed: Job mail 0');
    expect(made.find((r) => r.job_id === 'job_multi1')!.subject).toBe('Processed: Job mail 1');
    expect(await db.storage.notifications.takeJobEvents(100)).toEqual([
      expect.objectContaining({ id: 'evt_multi_pending' }),
    ]);

    await drainAll();
    const mails = await sink.waitFor(12, (m) => /^(Processed|Processing failed): Job mail/.test(m.subject));
    expect(mails).toHaveLength(12);
    expect(mails.find((m) => m.subject === 'Processing failed: Job mail 3')!.text).toContain(
      'Reason: The document could not be read',
    );
  });

  it('makes one digest per recipient although every daemon runs the digest at the same moment', async () => {
    const now = new Date();
    const created = new Date(now.getTime() - 3_600_000).toISOString();
    const items: NotificationRecord[] = [];
    for (const recipient of ['ops@corp.example', 'cfo@corp.example', 'lead@corp.example']) {
      for (let i = 0; i < 40; i++) {
        items.push(
          makeNotification(orgId, {
            kind: 'document_received',
            recipient,
            status: 'digest_pending',
            next_attempt_at: null,
            created_at: created,
            subject: `[Intake] Received at ap: doc ${i}`,
            body: `Item ${i}`,
          }),
        );
      }
    }
    await db.storage.notifications.insert(items);
    const runs = await Promise.all(services.flatMap((s) => [s.runDigest(now), s.runDigest(now)]));
    expect(runs.reduce((n, r) => n + r.digests, 0)).toBe(3);
    expect(runs.reduce((n, r) => n + r.items, 0)).toBe(120);
    const digests = (await db.storage.notifications.list(orgId, { kind: 'digest' }, { limit: 100, offset: 0 })).items;
    expect(digests.map((d) => d.recipient).sort()).toEqual([
      'cfo@corp.example',
      'lead@corp.example',
      'ops@corp.example',
    ]);
    for (const item of items) {
      const after = await db.storage.notifications.get(orgId, item.id);
      expect(after!.status).toBe('digested');
      expect(digests.find((d) => d.id === after!.digest_id)!.recipient).toBe(item.recipient);
    }
    await drainAll();
    const mails = await sink.waitFor(3, (m) => m.subject.startsWith('[Intake] Daily digest'));
    expect(mails).toHaveLength(3);
    for (const mail of mails) expect(mail.subject).toMatch(/: 40 notifications$/);
  });
});
