import fs from 'node:fs';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpIntake, type SmtpIntakeOptions } from '@intake/daemon';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { DB_KINDS } from '../support/databases.js';
import { base64, makeInvoicePdf, TINY_PNG } from '../support/fixtures.js';
import { openSmtp, sendRaw } from '../support/smtp.js';
import { setUpTenant } from '../support/tenant.js';
import { TEST_CERT_FILE, TEST_KEY_FILE } from '../support/test-cert.js';

const DOMAIN = 'example.test';

interface Stack {
  h: ApiHarness;
  smtp: SmtpIntake;
  port: number;
  key: string;
  orgId: string;
  extractorId: string;
}

async function startStack(kind: (typeof DB_KINDS)[number], options: Partial<SmtpIntakeOptions> = {}): Promise<Stack> {
  const h = await startApi(kind, { emailDomains: [DOMAIN, 'second.example'], maxDocumentBytes: 5 * 1_048_576 });
  const smtp = new SmtpIntake(h.inbound, pino({ level: 'silent' }), {
    host: '127.0.0.1',
    port: 0,
    maxMessageBytes: 2 * 1_048_576,
    maxRecipients: 5,
    maxConnections: 20,
    maxMimeParts: 20,
    maxLineBytes: 4096,
    drainMs: 10_000,
    socketTimeoutMs: 30_000,
    ...options,
  });
  const { port } = await smtp.listen();
  const org = await setUpTenant(h, { credits: 1000, prefixes: ['ap'] });
  return { h, smtp, port, key: org.live_key, orgId: org.org_id, extractorId: org.extractorId };
}

const transport = (port: number) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

const messageIdOf = (response: string): string => {
  const match = /queued as (msg_\w+)/.exec(response);
  if (!match) throw new Error(`no message id in ${response}`);
  return match[1]!;
};

for (const kind of DB_KINDS) {
  describe(`SMTP intake on ${kind}`, () => {
    let s: Stack;
    beforeAll(async () => {
      s = await startStack(kind);
    });
    afterAll(async () => {
      await s?.smtp.stop();
      await s?.h.close();
    });

    it('answers 250 only with the message stored, then turns its PDF into a job with the message in its metadata', async () => {
      const pdf = await makeInvoicePdf({ salt: `a-${kind}` });
      const info = await transport(s.port).sendMail({
        from: 'Billing <billing@vendor.example>',
        to: `AP+March@${DOMAIN.toUpperCase()}`,
        subject: 'Invoice INV-2026-0042',
        text: 'Please find our invoice attached.',
        attachments: [{ filename: 'invoice.pdf', content: Buffer.from(pdf) }],
      });
      expect(info.response).toMatch(/^250 2\.6\.0 Ok: queued as msg_/);
      const id = messageIdOf(info.response);
      // Stored before the 250: the record is there, not yet processed.
      const stored = await s.h.call('GET', `/api/email-ingestion/messages/${id}`, { key: s.key });
      expect(stored.status).toBe(200);
      expect(stored.body).toMatchObject({
        id,
        prefix: 'ap',
        tag: 'march',
        status: 'received',
        envelope_from: 'billing@vendor.example',
        source: 'smtp',
      });

      expect(await s.h.runMail()).toBe(1);
      const done = (await s.h.call('GET', `/api/email-ingestion/messages/${id}`, { key: s.key })).body;
      expect(done).toMatchObject({
        status: 'processed',
        from: 'billing@vendor.example',
        subject: 'Invoice INV-2026-0042',
        error: null,
      });
      expect(done.attachments).toHaveLength(1);
      expect(done.attachments[0]).toMatchObject({
        filename: 'invoice.pdf',
        detected_type: 'application/pdf',
        status: 'job_created',
        reason: null,
      });
      const job = await s.h.call('GET', `/v1/documents/${done.attachments[0].job_id}`, { key: s.key });
      expect(job.status).toBe(200);
      expect(job.body).toMatchObject({ extractor_id: s.extractorId, status: 'queued' });
      expect(job.body.metadata).toMatchObject({
        source: 'email',
        email: {
          message_id: id,
          prefix: 'ap',
          tag: 'march',
          from: 'billing@vendor.example',
          subject: 'Invoice INV-2026-0042',
        },
        attachments: ['invoice.pdf'],
      });
    });

    it('lists messages newest first with a prefix filter, and hides them from other organizations', async () => {
      await s.h.call('POST', '/api/email-ingestion/config', {
        key: s.key,
        body: { emailPrefix: 'receipts', defaultDocumentType: 'receipt', autoClassify: false },
      });
      const a = messageIdOf(
        (
          await transport(s.port).sendMail({
            from: 'a@x.example',
            to: `ap@${DOMAIN}`,
            subject: 'one',
            text: 'no attachment',
          })
        ).response,
      );
      const b = messageIdOf(
        (
          await transport(s.port).sendMail({
            from: 'b@x.example',
            to: `receipts@second.example`,
            subject: 'two',
            text: 'no attachment',
          })
        ).response,
      );
      await s.h.runMail();
      const all = await s.h.call('GET', '/api/email-ingestion/messages?limit=2', { key: s.key });
      expect(all.status).toBe(200);
      expect(all.body.limit).toBe(2);
      expect(all.body.total).toBeGreaterThanOrEqual(3);
      expect(all.body.messages.map((m: { id: string }) => m.id)).toEqual([b, a]);
      const onlyReceipts = await s.h.call('GET', '/api/email-ingestion/messages?prefix=RECEIPTS', { key: s.key });
      expect(onlyReceipts.body.messages.map((m: { id: string }) => m.id)).toEqual([b]);
      expect(onlyReceipts.body.messages[0]).toMatchObject({ status: 'processed', attachments: [] });
      const other = await s.h.createOrg();
      expect((await s.h.call('GET', `/api/email-ingestion/messages/${a}`, { key: other.live_key })).status).toBe(404);
      expect((await s.h.call('GET', '/api/email-ingestion/messages', { key: other.live_key })).body).toMatchObject({
        messages: [],
        total: 0,
      });
    });
  });
}

describe('SMTP intake: the edge (PGlite)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('pglite');
    await s.h.call('POST', '/api/email-ingestion/config', {
      key: s.key,
      body: { emailPrefix: 'paused', defaultDocumentType: 'invoice', autoClassify: false, isActive: false },
    });
  });
  afterAll(async () => {
    await s?.smtp.stop();
    await s?.h.close();
  });

  it('refuses unknown, inactive and reserved prefixes with 550 5.1.1, and other domains with 550 5.7.1', async () => {
    const c = await openSmtp(s.port);
    expect(c.greeting.code).toBe(220);
    const ehlo = await c.command('EHLO client.example');
    expect(ehlo.lines.some((l) => l.endsWith(`SIZE ${2 * 1_048_576}`))).toBe(true);
    expect(ehlo.lines.some((l) => l.endsWith('ENHANCEDSTATUSCODES'))).toBe(true);
    expect(ehlo.lines.some((l) => /STARTTLS|AUTH/.test(l))).toBe(false);
    expect((await c.command('MAIL FROM:<x@client.example>')).code).toBe(250);
    expect((await c.command(`RCPT TO:<nobody@${DOMAIN}>`)).text).toMatch(/^550 5\.1\.1 /);
    expect((await c.command(`RCPT TO:<paused@${DOMAIN}>`)).text).toMatch(/^550 5\.1\.1 /);
    expect((await c.command(`RCPT TO:<postmaster@${DOMAIN}>`)).text).toMatch(/^550 5\.1\.1 /);
    expect((await c.command(`RCPT TO:<a.b@${DOMAIN}>`)).text).toMatch(/^550 5\.1\.1 /);
    expect((await c.command('RCPT TO:<ap@elsewhere.example>')).text).toMatch(/^550 5\.7\.1 Relay access denied/);
    expect((await c.command(`RCPT TO:<ap@${DOMAIN}>`)).text).toMatch(/^250 /);
    c.close();
  });

  it('refuses a declared SIZE over the limit at MAIL FROM and a message over it after DATA, with 552 5.3.4, storing nothing', async () => {
    const before = (await s.h.call('GET', '/api/email-ingestion/messages', { key: s.key })).body.total;
    const c = await openSmtp(s.port);
    await c.command('EHLO client.example');
    expect((await c.command(`MAIL FROM:<x@client.example> SIZE=${3 * 1_048_576}`)).text).toMatch(/^552 5\.3\.4 /);
    c.close();
    const big = `Subject: big\r\n\r\n${`${'x'.repeat(998)}\r\n`.repeat(2200)}`;
    expect((await sendRaw(s.port, 'x@client.example', [`ap@${DOMAIN}`], big)).text).toMatch(
      /^552 5\.3\.4 Message too big/,
    );
    expect((await s.h.call('GET', '/api/email-ingestion/messages', { key: s.key })).body.total).toBe(before);
  });

  it('refuses too many recipients (452 4.5.3), too many MIME parts and overlong lines (554 5.6.0)', async () => {
    const c = await openSmtp(s.port);
    await c.command('EHLO client.example');
    await c.command('MAIL FROM:<x@client.example>');
    for (let i = 0; i < 5; i++) expect((await c.command(`RCPT TO:<ap+${i}@${DOMAIN}>`)).code).toBe(250);
    expect((await c.command(`RCPT TO:<ap+6@${DOMAIN}>`)).text).toMatch(/^452 4\.5\.3 /);
    c.close();
    const parts = Array.from({ length: 25 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('');
    const manyParts = `Subject: parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`;
    expect((await sendRaw(s.port, 'x@client.example', [`ap@${DOMAIN}`], manyParts)).text).toMatch(
      /^554 5\.6\.0 .*MIME parts/,
    );
    const longLine = `Subject: long\r\n\r\n${'y'.repeat(5000)}\r\n`;
    expect((await sendRaw(s.port, 'x@client.example', [`ap@${DOMAIN}`], longLine)).text).toMatch(/^554 5\.6\.0 .*line/);
  });

  it('answers 451 4.3.0 when the message cannot be stored, so the client retries later', async () => {
    const broken = await startStack('pglite');
    try {
      const c = await openSmtp(broken.port);
      await c.command('EHLO client.example');
      await c.command('MAIL FROM:<x@client.example>');
      expect((await c.command(`RCPT TO:<ap@${DOMAIN}>`)).code).toBe(250);
      await broken.h.db.close(); // the database goes away between RCPT and DATA
      expect((await c.command('DATA')).code).toBe(354);
      await c.write('Subject: lost?\r\n\r\nbody\r\n.\r\n');
      expect((await c.reply()).text).toMatch(/^451 4\.3\.0 /);
      // The connection stays usable: the client may try again at once or later.
      expect((await c.command('NOOP')).code).toBe(250);
      c.close();
    } finally {
      await broken.smtp.stop();
    }
  });

  it('keeps only the attachments the prefix allows, decided by content, with sanitized names and reasons for the rest', async () => {
    await s.h.call('POST', '/api/email-ingestion/config', {
      key: s.key,
      body: {
        emailPrefix: 'strict',
        defaultDocumentType: 'invoice',
        autoClassify: false,
        attachments: { allowedMimeTypes: ['application/pdf'], maxSizeBytes: 200_000 },
      },
    });
    const pdf = Buffer.from(await makeInvoicePdf({ salt: 'rules' }));
    const info = await transport(s.port).sendMail({
      from: 'v@vendor.example',
      to: `strict@${DOMAIN}`,
      subject: 'mixed bag',
      html: '<p>logo: <img src="cid:logo@x"></p>',
      attachments: [
        { filename: '../../etc/cron.d/invoice.pdf', content: pdf },
        { filename: 'scan.png', content: TINY_PNG },
        { filename: 'disguised.png', contentType: 'image/png', content: pdf },
        { filename: 'notes.txt', content: 'just text' },
        { filename: 'empty.pdf', content: Buffer.alloc(0) },
        { filename: 'huge.pdf', content: Buffer.concat([pdf, Buffer.alloc(250_000, 0x20)]) },
        { filename: 'logo.png', content: TINY_PNG, cid: 'logo@x' },
      ],
    });
    const id = messageIdOf(info.response);
    await s.h.runMail();
    const message = (await s.h.call('GET', `/api/email-ingestion/messages/${id}`, { key: s.key })).body;
    const byName = Object.fromEntries(
      message.attachments.map((a: { original_filename: string }) => [a.original_filename, a]),
    );
    expect(byName['../../etc/cron.d/invoice.pdf']).toMatchObject({ filename: 'invoice.pdf', status: 'job_created' });
    expect(byName['scan.png']).toMatchObject({
      status: 'skipped',
      detected_type: 'image/png',
      reason: { code: 'type_not_allowed' },
    });
    expect(byName['disguised.png']).toMatchObject({
      status: 'job_created',
      declared_type: 'image/png',
      detected_type: 'application/pdf',
    });
    expect(byName['notes.txt']).toMatchObject({
      status: 'skipped',
      detected_type: null,
      reason: { code: 'unsupported_type' },
    });
    expect(byName['empty.pdf']).toMatchObject({ status: 'skipped', reason: { code: 'empty' } });
    expect(byName['huge.pdf']).toMatchObject({ status: 'skipped', reason: { code: 'too_large' } });
    expect(byName['logo.png']).toMatchObject({ status: 'skipped', inline: true, reason: { code: 'inline_image' } });
    const jobIds = message.attachments
      .filter((a: { status: string }) => a.status === 'job_created')
      .map((a: { job_id: string }) => a.job_id);
    expect(new Set(jobIds).size).toBe(2);
  });

  it('combines the kept attachments into one PDF job with combineAttachments', async () => {
    await s.h.call('POST', '/api/email-ingestion/config', {
      key: s.key,
      body: {
        emailPrefix: 'combined',
        defaultDocumentType: 'invoice',
        autoClassify: false,
        attachments: { combineAttachments: true },
      },
    });
    const info = await transport(s.port).sendMail({
      from: 'v@vendor.example',
      to: `combined@${DOMAIN}`,
      subject: 'two parts',
      attachments: [
        { filename: 'a.pdf', content: Buffer.from(await makeInvoicePdf({ extraPages: 1, salt: 'c' })) },
        { filename: 'b.png', content: TINY_PNG },
      ],
    });
    await s.h.runMail();
    const message = (
      await s.h.call('GET', `/api/email-ingestion/messages/${messageIdOf(info.response)}`, { key: s.key })
    ).body;
    expect(message.attachments.map((a: { status: string }) => a.status)).toEqual(['job_created', 'job_created']);
    expect(message.attachments[0].job_id).toBe(message.attachments[1].job_id);
    const job = (await s.h.call('GET', `/v1/documents/${message.attachments[0].job_id}`, { key: s.key })).body;
    expect(job.metadata.attachments).toEqual(['a.pdf', 'b.png']);
    const stored = await s.h.intake.stores.jobs.get(s.orgId, 'live', job.id);
    expect(stored).toMatchObject({ mime_type: 'application/pdf', page_count: 3 });
  });

  it('records attachments as skipped when no extractor takes the document type', async () => {
    await s.h.call('POST', '/api/email-ingestion/config', {
      key: s.key,
      body: { emailPrefix: 'orders', defaultDocumentType: 'purchase_order', autoClassify: false },
    });
    const info = await transport(s.port).sendMail({
      from: 'v@vendor.example',
      to: `orders@${DOMAIN}`,
      subject: 'PO',
      attachments: [{ filename: 'po.pdf', content: Buffer.from(await makeInvoicePdf({ salt: 'po' })) }],
    });
    await s.h.runMail();
    const message = (
      await s.h.call('GET', `/api/email-ingestion/messages/${messageIdOf(info.response)}`, { key: s.key })
    ).body;
    expect(message).toMatchObject({
      status: 'processed',
      attachments: [{ status: 'skipped', reason: { code: 'no_extractor' } }],
    });
    expect(message.attachments[0].reason.message).toContain('purchase_order');
  });

  it('creates no second job when a message is processed again after a crash (idempotency keys per attachment)', async () => {
    const pdf = Buffer.from(await makeInvoicePdf({ salt: 'again' }));
    const id = messageIdOf(
      (
        await transport(s.port).sendMail({
          from: 'v@vendor.example',
          to: `ap@${DOMAIN}`,
          subject: 'again',
          attachments: [{ filename: 'x.pdf', content: pdf }],
        })
      ).response,
    );
    expect(await s.h.runMail()).toBe(1);
    const first = (await s.h.call('GET', `/api/email-ingestion/messages/${id}`, { key: s.key })).body;
    // As if the daemon had died after creating the job but before recording the outcome.
    const knex = s.h.db.storage.knex;
    await knex('inbound_messages')
      .where({ id })
      .update({ status: 'received', outcomes: JSON.stringify([]), processed_at: null });
    expect(await s.h.runMail()).toBe(1);
    const second = (await s.h.call('GET', `/api/email-ingestion/messages/${id}`, { key: s.key })).body;
    expect(second).toMatchObject({ status: 'processed', attempts: 2 });
    expect(second.attachments[0].job_id).toBe(first.attachments[0].job_id);
    const count = await knex('jobs')
      .whereRaw(`metadata->'email'->>'message_id' = ?`, [id])
      .count<{ n: string | number }[]>({ n: '*' });
    expect(Number(count[0]!.n)).toBe(1);
  });

  it('drains on stop: new connections get 421, a DATA in progress finishes with 250', async () => {
    const d = await startStack('pglite');
    try {
      const c = await openSmtp(d.port);
      await c.command('EHLO client.example');
      await c.command('MAIL FROM:<x@client.example>');
      await c.command(`RCPT TO:<ap@${DOMAIN}>`);
      expect((await c.command('DATA')).code).toBe(354);
      await c.write('Subject: in flight\r\n\r\nfirst half\r\n');
      // stop() marks the edge draining before its first await: no wait needed for that.
      const stopped = d.smtp.stop();
      const late = await openSmtp(d.port);
      expect(late.greeting.text).toMatch(/^421 /);
      await late.closed;
      await c.write('second half\r\n.\r\n');
      expect((await c.reply()).text).toMatch(/^250 2\.6\.0 Ok: queued as msg_/);
      await stopped;
      expect((await d.h.call('GET', '/api/email-ingestion/messages', { key: d.key })).body.total).toBe(1);
    } finally {
      await d.smtp.stop();
      await d.h.close();
    }
  });

  it('POST /api/email-ingestion/test simulates without storing, or runs the document through the prefix', async () => {
    const doc = base64(await makeInvoicePdf({ salt: 'test-endpoint' }));
    const before = (await s.h.call('GET', '/api/email-ingestion/messages', { key: s.key })).body.total;
    const simulated = await s.h.call('POST', '/api/email-ingestion/test', {
      key: s.key,
      body: { emailPrefix: 'ap', testDocument: doc, simulateOnly: true },
    });
    expect(simulated.status).toBe(200);
    expect(simulated.body).toMatchObject({
      emailPrefix: 'ap',
      simulateOnly: true,
      classification: { documentType: 'invoice', source: 'default', decision: 'process' },
      extractor: { id: s.extractorId, matchedBy: 'document_type' },
      messageId: null,
      jobId: null,
      reviewId: null,
      attachment: { detected_type: 'application/pdf', status: 'job_created' },
    });
    expect((await s.h.call('GET', '/api/email-ingestion/messages', { key: s.key })).body.total).toBe(before);

    const real = await s.h.call('POST', '/api/email-ingestion/test', {
      key: s.key,
      body: { emailPrefix: 'ap', testDocument: doc, filename: 'trial.pdf' },
    });
    expect(real.status).toBe(200);
    expect(real.body.jobId).toMatch(/^job_/);
    const message = (await s.h.call('GET', `/api/email-ingestion/messages/${real.body.messageId}`, { key: s.key }))
      .body;
    expect(message).toMatchObject({
      source: 'test',
      status: 'processed',
      attachments: [{ filename: 'trial.pdf', job_id: real.body.jobId }],
    });

    const notDoc = await s.h.call('POST', '/api/email-ingestion/test', {
      key: s.key,
      body: { emailPrefix: 'ap', testDocument: base64(Buffer.from('hello')), simulateOnly: true },
    });
    expect(notDoc.body.attachment).toMatchObject({ status: 'skipped', reason: { code: 'unsupported_type' } });
    expect(
      (
        await s.h.call('POST', '/api/email-ingestion/test', {
          key: s.key,
          body: { emailPrefix: 'nope', testDocument: doc },
        })
      ).status,
    ).toBe(404);
    const bad = await s.h.call('POST', '/api/email-ingestion/test', {
      key: s.key,
      body: { emailPrefix: 'ap', testDocument: '***' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
  });
});

describe('SMTP intake: STARTTLS with a configured certificate (PGlite)', () => {
  let s: Stack;
  let cert: Buffer;
  beforeAll(async () => {
    cert = fs.readFileSync(TEST_CERT_FILE);
    s = await startStack('pglite', { tlsCertFile: TEST_CERT_FILE, tlsKeyFile: TEST_KEY_FILE });
  });
  afterAll(async () => {
    await s?.smtp.stop();
    await s?.h.close();
  });

  it('offers STARTTLS and takes mail over it from a client that requires TLS', async () => {
    const c = await openSmtp(s.port);
    const ehlo = await c.command('EHLO client.example');
    expect(ehlo.lines.some((l) => l.endsWith('STARTTLS'))).toBe(true);
    c.close();
    const tls = nodemailer.createTransport({
      host: '127.0.0.1',
      port: s.port,
      secure: false,
      requireTLS: true,
      tls: { ca: [cert], servername: 'localhost' },
    });
    const info = await tls.sendMail({
      from: 'v@vendor.example',
      to: `ap@${DOMAIN}`,
      subject: 'over TLS',
      attachments: [{ filename: 'i.pdf', content: Buffer.from(await makeInvoicePdf({ salt: 'tls' })) }],
    });
    expect(info.response).toMatch(/^250 2\.6\.0 Ok: queued as msg_/);
    await s.h.runMail();
    const message = (
      await s.h.call('GET', `/api/email-ingestion/messages/${messageIdOf(info.response)}`, { key: s.key })
    ).body;
    expect(message).toMatchObject({
      status: 'processed',
      subject: 'over TLS',
      attachments: [{ status: 'job_created' }],
    });
  });
});
