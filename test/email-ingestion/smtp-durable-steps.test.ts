/**
 * How the SMTP edge's durable steps fit together (see docs/email/smtp-gateway.md): the raw message is
 * stored (readable) before its records are committed; the file's sync and the database's run at the
 * same time, and accept() resolves (the 250) only after both. A power cut between the steps can leave
 * a record whose file is missing or torn: processing then marks the message failed, never reads
 * garbage. And the mail workers give way to SMTP transactions in flight, for a bounded time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStore } from '@intake/core';
import { createInboundMail, type Envelope, type InboundMailService } from '@intake/core/email';
import { MailWorkers } from '@intake/daemon';
import { createMailParser, createPdfCombiner } from '@intake/mail-documents';
import { FileBlobStore } from '@intake/storage-sql';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';
import { openSmtp, startSmtpEdge } from '../support/smtp.js';
import { deferred, heldSyncBlobs } from '../support/held-sync.js';
import { eventually } from '../support/wait.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = (condition: () => boolean, what: string) => eventually(what, condition, { intervalMs: 5 });

async function rawMessage(subject: string): Promise<Uint8Array> {
  const pdf = Buffer.from(await makeInvoicePdf({ salt: subject })).toString('base64');
  const text = [
    'From: Billing <billing@vendor.example>',
    'To: ap@example.test',
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'Invoice attached.',
    '--b1',
    'Content-Type: application/pdf; name="invoice.pdf"',
    'Content-Disposition: attachment; filename="invoice.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    ...(pdf.match(/.{1,76}/g) ?? []),
    '--b1--',
    '',
  ].join('\r\n');
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

describe('SMTP edge: the durable steps of accept()', () => {
  let h: ApiHarness;
  let root: string;
  let orgId: string;
  let envelope: Envelope;
  const inboundOver = (blobs: BlobStore, syncCommitted?: () => Promise<void>): InboundMailService =>
    createInboundMail(
      h.intake,
      { submissions: h.pipeline.submissions, blobs },
      {
        parser: createMailParser(),
        combiner: createPdfCombiner(),
        reader: { read: async () => ({ text: '', pages: [] }) } as never,
        options: { domains: ['example.test'], leaseMs: 30_000, maxAttempts: 3, maxAttachmentsPerMessage: 20 },
        ...(syncCommitted ? { syncCommitted } : {}),
      },
    );

  beforeAll(async () => {
    h = await startApi('pglite');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-smtp-steps-'));
    orgId = (await setUpTenant(h, { credits: 100, extractors: [], prefixes: ['ap'] })).org_id;
    envelope = {
      mailFrom: 'billing@vendor.example',
      recipients: [{ accepted: true, orgId, prefix: 'ap', tag: null, address: 'ap@example.test' }],
      remoteAddress: '127.0.0.1',
      helo: 'client.test',
    };
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stores the file before committing the records, syncs both at once, and answers only after both', async () => {
    const files = new FileBlobStore(path.join(root, 'overlap'));
    const events: string[] = [];
    const fileSync = deferred();
    const dbSync = deferred();
    const blobs = heldSyncBlobs(files, events, fileSync.promise, async () => {
      // Nothing names the file yet.
      expect((await h.intake.stores.inboundMessages.list(orgId, 'live', {}, { limit: 100, offset: 0 })).total).toBe(0);
    });
    const inbound = inboundOver(blobs, async () => {
      // The records are committed (and their file readable) by the time the database sync starts.
      const listed = await h.intake.stores.inboundMessages.list(orgId, 'live', {}, { limit: 100, offset: 0 });
      expect(listed.total).toBe(1);
      expect(await files.get(listed.items[0]!.blob_key)).not.toBeNull();
      events.push('db sync started');
      await dbSync.promise;
      events.push('db synced');
    });
    let done = false;
    const accepted = inbound.accept(envelope, await rawMessage('overlap')).then((records) => {
      done = true;
      return records;
    });
    await waitFor(() => events.length >= 3, 'both syncs to start');
    expect(events).toEqual(['staged', 'file sync started', 'db sync started']);
    dbSync.resolve();
    await waitFor(() => events.includes('db synced'), 'the database sync');
    // What is under test is a reply that does not come: a bounded window in which it would have.
    await sleep(50);
    expect(done).toBe(false);
    fileSync.resolve();
    const records = await accepted;
    expect(events.slice(-2).sort()).toEqual(['db synced', 'file synced']);
    expect(records).toHaveLength(1);

    // A failed file sync fails the accept (the edge answers 451).
    const failing: BlobStore = {
      ...blobs,
      stage: async (bytes) => ({
        key: (await files.stage(bytes)).key,
        sync: async () => Promise.reject(new Error('EIO: fsync failed')),
      }),
    };
    await expect(inboundOver(failing, async () => {}).accept(envelope, await rawMessage('failing'))).rejects.toThrow(
      /EIO/,
    );
    await h.runMail();
  });

  it('a record whose file a power cut tore is marked failed when processed, with the reason, and makes no job', async () => {
    const dir = path.join(root, 'torn');
    const inbound = inboundOver(new FileBlobStore(dir));
    const [record] = await inbound.accept(envelope, await rawMessage('torn'));
    const file = path.join(dir, record!.blob_key.slice(0, 2), record!.blob_key.slice(2));
    fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    let outcome = await inbound.processNext('test-worker');
    while (outcome.kind === 'processed' && outcome.messageId !== record!.id)
      outcome = await inbound.processNext('test-worker');
    expect(outcome).toMatchObject({ kind: 'processed', messageId: record!.id, status: 'failed' });
    const stored = await h.intake.stores.inboundMessages.get(orgId, 'live', record!.id);
    expect(stored?.status).toBe('failed');
    expect(stored?.error?.message).toMatch(/stored message file is missing/);
    expect(stored?.outcomes).toEqual([]);
  });
});

describe('mail workers give way to SMTP transactions in flight, for a bounded time', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApi('pglite');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('whenQuiet: at once when idle; waits for a transaction in flight until it ends, or until the bound', async () => {
    const { smtp, port } = await startSmtpEdge(h.inbound);
    try {
      let t0 = performance.now();
      await smtp.whenQuiet(2000);
      expect(performance.now() - t0).toBeLessThan(500);

      const c = await openSmtp(port);
      await c.command('EHLO client.test');
      expect((await c.command('MAIL FROM:<x@client.test>')).code).toBe(250);
      t0 = performance.now();
      await smtp.whenQuiet(300);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(290);

      // The transaction ends (here the client goes away): the waiter goes on soon after.
      t0 = performance.now();
      const waited = smtp.whenQuiet(5000).then(() => performance.now() - t0);
      // The behaviour under test: a transaction that lasts a while before it ends.
      await sleep(100);
      c.close();
      expect(await waited).toBeLessThan(2000);
    } finally {
      await smtp.stop();
    }
  });

  it('a worker processes a message at least every maxYieldMs while the edge is never quiet; without an edge, at once', async () => {
    const processed: number[] = [];
    let backlog = 3;
    const inbound = {
      processNext: async () => {
        if (backlog === 0) return { kind: 'idle' as const };
        backlog--;
        processed.push(performance.now());
        return {
          kind: 'processed' as const,
          messageId: `msg_${backlog}`,
          status: 'processed' as const,
          lostClaim: false,
        };
      },
      failAbandoned: async () => 0,
    } as unknown as InboundMailService;
    // An edge that is never quiet: each wait for quiet lasts its whole bound (the behaviour under test).
    const neverQuiet = { whenQuiet: async (maxMs: number) => void (await sleep(maxMs)) };
    const workers = new MailWorkers(inbound, pino({ level: 'silent' }), {
      concurrency: 1,
      pollMs: 10_000,
      maxYieldMs: 100,
    });
    workers.yieldTo(neverQuiet);
    const t0 = performance.now();
    workers.start();
    workers.messageStored();
    await waitFor(() => processed.length >= 3, 'three messages processed');
    const stopAt = performance.now();
    await workers.stop();
    // Stopping does not wait for a yield or a poll to end.
    expect(performance.now() - stopAt).toBeLessThan(1000);
    expect(processed).toHaveLength(3);
    // Each one waited for the bound, no longer than that (and a loaded machine's slack).
    expect(processed[0]! - t0).toBeGreaterThanOrEqual(95);
    expect(processed[2]! - t0).toBeLessThan(2000);

    // No yield configured: the backlog goes at once.
    backlog = 3;
    processed.length = 0;
    const eager = new MailWorkers(inbound, pino({ level: 'silent' }), { concurrency: 1, pollMs: 10_000 });
    eager.yieldTo(neverQuiet);
    const t1 = performance.now();
    eager.start();
    eager.messageStored();
    await waitFor(() => processed.length >= 3, 'three messages processed at once');
    await eager.stop();
    expect(processed[2]! - t1).toBeLessThan(90);
  });

  it('a message stored while a worker is at work is claimed by it when it is done, without waiting for the poll', async () => {
    let stored = 0;
    let taken = 0;
    let looks = 0;
    const gate = deferred();
    const inbound = {
      processNext: async () => {
        looks++;
        if (taken >= stored) return { kind: 'idle' as const };
        taken++;
        if (taken === 1) await gate.promise;
        return {
          kind: 'processed' as const,
          messageId: `msg_${taken}`,
          status: 'processed' as const,
          lostClaim: false,
        };
      },
      failAbandoned: async () => 0,
    } as unknown as InboundMailService;
    const workers = new MailWorkers(inbound, pino({ level: 'silent' }), { concurrency: 2, pollMs: 60_000 });
    workers.start();
    await waitFor(() => looks >= 2, 'both loops found nothing and went idle');
    stored = 1;
    workers.messageStored();
    await waitFor(() => taken === 1, 'the first message taken');
    // The second arrives while the first is being processed: no loop is woken for it ...
    stored = 2;
    workers.messageStored();
    gate.resolve();
    // ... and the busy one takes it as soon as it is done (the poll is a minute away).
    await waitFor(() => taken >= 2, 'the second message taken');
    expect(taken).toBe(2);
    await workers.stop();
  });
});
