import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { base64, invoiceExtractor, makeInvoicePdf, TINY_PNG } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';

type Org = { org_id: string; live_key: string; test_key: string };

/**
 * Test and live kept apart as Stripe keeps them: a test key never reads, changes or spends anything
 * live (issue 13, defects 4 to 6), and shared configuration is changed by live keys only.
 */
describe.each(DB_KINDS)('test and live modes on %s', (kind) => {
  let api: ApiHarness;
  let org: Org;
  const live: Record<string, string> = {};
  let pdf: string;
  const asTest = (method: string, path: string, body?: unknown) =>
    api.call(method, path, { key: org.test_key, ...(body === undefined ? {} : { body }) });
  const asLive = (method: string, path: string, body?: unknown) =>
    api.call(method, path, { key: org.live_key, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    api = await startApi(kind);
    org = await api.createOrg({ name: 'Modes', credits: 1000 });
    pdf = base64(await makeInvoicePdf({ number: 'MODE-1' }));
    live.extractor_id = (await asLive('POST', '/v1/extractors', invoiceExtractor())).body.id;
    live.endpoint_id = (await asLive('POST', '/v1/webhooks/endpoints', { url: 'https://127.0.0.1:9/hook' })).body.id;
    // A live job, extracted for real (charging credits), and its job.completed delivery.
    live.job_id = (
      await asLive('POST', '/v1/documents', {
        extractor_id: live.extractor_id,
        document: pdf,
        mime_type: 'application/pdf',
      })
    ).body.id;
    await api.runJobs();
    let n = 0;
    await api.intake.stores.webhooks.dispatchOutbox(new Date(), 100, () => `whd_modes${kind}${n++}`);
    live.delivery_id = (await asLive('GET', '/v1/webhooks/deliveries')).body.deliveries[0].id;
    // A live message and review item: an unreadable image cannot be classified, so it waits for review.
    live.prefix = (
      await asLive('POST', '/api/email-ingestion/config', {
        emailPrefix: 'ap-modes',
        defaultDocumentType: 'vendor_bill',
      })
    ).body.emailPrefix;
    const tested = await asLive('POST', '/api/email-ingestion/test', {
      emailPrefix: 'ap-modes',
      testDocument: TINY_PNG.toString('base64'),
    });
    live.message_id = tested.body.messageId;
    live.review_id = tested.body.reviewId;
    // A live ERP sync in the log of a connection.
    live.connection_id = (
      await asLive('POST', '/v1/erp-connections', { name: 'Books', url: 'https://127.0.0.1:9/erp' })
    ).body.id;
    await api.intake.stores.erp.enqueue({
      id: `erps_modes_${kind}`,
      org_id: org.org_id,
      environment: 'live',
      connection_id: live.connection_id!,
      job_id: live.job_id!,
      prefix: null,
      status: 'pending',
      record: { id: live.job_id } as never,
      attempts: 0,
      next_attempt_at: '2999-01-01T00:00:00.000Z',
      last_attempt_at: null,
      last_error: null,
      response_status: null,
      external_id: null,
      created_at: new Date().toISOString(),
      finished_at: null,
    });
    live.sync_id = `erps_modes_${kind}`;
    live.key_id = (await api.intake.apiKeys.authenticate(`Bearer ${org.live_key}`)).keyId;
    for (const [name, value] of Object.entries(live)) expect(value, name).toMatch(/^[a-z]+[_-]/);
  });
  afterAll(() => api.close());

  it('a job says its mode; a live job read by its live key shows its extracted data', async () => {
    const job = (await asLive('GET', `/v1/documents/${live.job_id}`)).body;
    expect(job).toMatchObject({ id: live.job_id, status: 'completed', mode: 'live', waiting_reason: null });
    expect(job.extracted_data).toBeDefined();
    const test = (
      await asTest('POST', '/v1/documents', {
        extractor_id: live.extractor_id,
        document: pdf,
        mime_type: 'application/pdf',
      })
    ).body;
    expect(test).toMatchObject({ mode: 'test', waiting_reason: null, status: 'queued' });
    await api.runJobs();
    // The webhook payload of a job says its mode too.
    const delivery = (await asLive('GET', `/v1/webhooks/deliveries/${live.delivery_id}`)).body;
    expect(delivery.payload).toMatchObject({ event: 'job.completed', data: { id: live.job_id, mode: 'live' } });
  });

  it('a test key cannot read live jobs (one, the list, the statistics)', async () => {
    const one = await asTest('GET', `/v1/documents/${live.job_id}`);
    expect(one.status).toBe(404);
    expect(JSON.stringify(one.body)).not.toContain('extracted_data');
    const list = (await asTest('GET', '/v1/documents?limit=100')).body;
    expect(list.jobs.map((j: { id: string }) => j.id)).not.toContain(live.job_id);
    expect(list.jobs.every((j: { mode: string }) => j.mode === 'test')).toBe(true);
    const testStats = (await asTest('GET', '/v1/documents/stats?period=24h')).body;
    const liveStats = (await asLive('GET', '/v1/documents/stats?period=24h')).body;
    expect(liveStats.total_credits_used).toBeGreaterThan(0);
    expect(testStats.total_credits_used).toBe(0);
    expect(testStats.total_jobs + liveStats.total_jobs).toBe(
      (await api.intake.stores.jobs.list(org.org_id, 'test', {}, { limit: 1, offset: 0 })).total +
        (await api.intake.stores.jobs.list(org.org_id, 'live', {}, { limit: 1, offset: 0 })).total,
    );
  });

  it('a test key cannot read live messages, review items, ERP syncs, deliveries or keys, nor the live balance', async () => {
    expect((await asTest('GET', `/api/email-ingestion/messages/${live.message_id}`)).status).toBe(404);
    expect(
      (await asTest('GET', '/api/email-ingestion/messages')).body.messages.map((m: { id: string }) => m.id),
    ).not.toContain(live.message_id);
    expect((await asLive('GET', `/api/email-ingestion/messages/${live.message_id}`)).body).toMatchObject({
      id: live.message_id,
      mode: 'live',
    });
    expect(
      (await asTest('GET', '/api/email-ingestion/review')).body.items.map((r: { id: string }) => r.id),
    ).not.toContain(live.review_id);
    expect((await asTest('GET', `/v1/erp-syncs/${live.sync_id}`)).status).toBe(404);
    expect((await asTest('GET', `/v1/erp-connections/${live.connection_id}/syncs`)).body.total).toBe(0);
    expect((await asLive('GET', `/v1/erp-connections/${live.connection_id}/syncs`)).body.total).toBe(1);
    expect((await asTest('GET', `/v1/webhooks/deliveries/${live.delivery_id}`)).status).toBe(404);
    expect(
      (await asTest('GET', '/v1/webhooks/deliveries')).body.deliveries.map((d: { id: string }) => d.id),
    ).not.toContain(live.delivery_id);
    const keys = (await asTest('GET', '/v1/api-keys')).body.api_keys as { id: string; environment: string }[];
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.environment === 'test')).toBe(true);
    expect(keys.map((k) => k.id)).not.toContain(live.key_id);
    expect((await asTest('GET', '/v1/credits/balance')).body).toMatchObject({ balance: 0, available: 0 });
    expect((await asTest('GET', '/v1/credits/transactions')).body.total).toBe(0);
    expect((await asLive('GET', '/v1/credits/balance')).body.balance).toBeLessThan(1000);
  });

  it('shared configuration: a test key reads it but only a live key changes it', async () => {
    expect((await asTest('GET', `/v1/extractors/${live.extractor_id}`)).body.name).toBe('Invoices');
    expect((await asTest('GET', `/api/email-ingestion/config/${live.prefix}`)).status).toBe(200);
    const refused = [
      await asTest('PATCH', `/v1/extractors/${live.extractor_id}`, { name: 'Renamed by a test key' }),
      await asTest('POST', '/v1/extractors', invoiceExtractor('From test')),
      await asTest('DELETE', `/v1/extractors/${live.extractor_id}`),
      await asTest('PATCH', `/api/email-ingestion/config/${live.prefix}`, { autoClassify: false }),
      await asTest('POST', '/v1/webhooks/endpoints', { url: 'https://127.0.0.1:9/other' }),
      await asTest('POST', `/v1/webhooks/endpoints/${live.endpoint_id}/rotate-secret`),
      await asTest('PATCH', `/v1/erp-connections/${live.connection_id}`, { name: 'x' }),
    ];
    for (const res of refused) expect(res.body.error).toMatchObject({ code: 'insufficient_permissions', status: 403 });
    expect((await asLive('GET', `/v1/extractors/${live.extractor_id}`)).body.name).toBe('Invoices');
    expect((await asLive('PATCH', `/v1/extractors/${live.extractor_id}`, { name: 'Invoices' })).status).toBe(200);
  });

  it('a test key cannot replay a live delivery nor resolve a live review item (no live job, no charge)', async () => {
    const replay = await asTest('POST', `/v1/webhooks/deliveries/${live.delivery_id}/replay`);
    expect(replay.status).toBe(404);
    expect((await asLive('GET', `/v1/webhooks/deliveries/${live.delivery_id}`)).body.chain).toBe(1);
    const balance = (await asLive('GET', '/v1/credits/balance')).body.balance;
    const liveJobs = (await asLive('GET', '/v1/documents?limit=1')).body.total;
    const resolve = await asTest('POST', `/api/email-ingestion/review/${live.review_id}/resolve`, {
      documentType: 'vendor_bill',
    });
    expect(resolve.status).toBe(404);
    await api.runJobs();
    expect((await asLive('GET', '/api/email-ingestion/review')).body.items.map((r: { id: string }) => r.id)).toContain(
      live.review_id,
    );
    expect((await asLive('GET', '/v1/documents?limit=1')).body.total).toBe(liveJobs);
    expect((await asLive('GET', '/v1/credits/balance')).body.balance).toBe(balance);
  });

  it('revocation: only keys of the own environment, only keys whose scopes the revoker holds', async () => {
    expect((await asTest('POST', `/v1/api-keys/${live.key_id}/revoke`)).status).toBe(404);
    expect((await asLive('GET', '/v1/api-keys')).status).toBe(200);
    // A narrow test key (api_keys:write only) against the all-scope test key: 403, and it still works.
    const narrow = (
      await asTest('POST', '/v1/api-keys', { name: 'narrow', environment: 'test', scopes: ['api_keys:write'] })
    ).body;
    const wideTestId = (await api.intake.apiKeys.authenticate(`Bearer ${org.test_key}`)).keyId;
    const refused = await api.call('POST', `/v1/api-keys/${wideTestId}/revoke`, { key: narrow.key });
    expect(refused.body.error).toMatchObject({ code: 'insufficient_permissions', status: 403 });
    expect(refused.body.error.message).toContain('documents:read');
    expect((await asTest('GET', '/v1/documents?limit=1')).status).toBe(200);
    // A key whose scopes it holds: revoked.
    const peer = (
      await api.call('POST', '/v1/api-keys', {
        key: narrow.key,
        body: { name: 'peer', environment: 'test', scopes: ['api_keys:write'] },
      })
    ).body;
    expect(
      (await api.call('POST', `/v1/api-keys/${peer.id}/revoke`, { key: narrow.key })).body.revoked_at,
    ).not.toBeNull();
  });

  it('duplicates compare within one mode: a test upload never makes a live email job a duplicate', async () => {
    await asLive('POST', '/api/email-ingestion/config', {
      emailPrefix: 'ap-dups',
      defaultDocumentType: 'vendor_bill',
      autoClassify: false,
      duplicateDetection: { action: 'flag', lookbackHours: 24 },
    });
    const file = base64(await makeInvoicePdf({ number: 'DUP-MODE-7', salt: 'modes' }));
    const earlierTest = await asTest('POST', '/api/email-ingestion/test', {
      emailPrefix: 'ap-dups',
      testDocument: file,
      filename: 'invoice.pdf',
    });
    expect(earlierTest.body.jobId).toMatch(/^job_/);
    expect((await asTest('GET', `/v1/documents/${earlierTest.body.jobId}`)).body.mode).toBe('test');
    const liveRun = await asLive('POST', '/api/email-ingestion/test', {
      emailPrefix: 'ap-dups',
      testDocument: file,
      filename: 'invoice.pdf',
    });
    expect(liveRun.body.attachment.duplicate).toBeUndefined();
    expect(liveRun.body.duplicate).toBeNull();
    await api.runJobs();
    const liveJob = (await asLive('GET', `/v1/documents/${liveRun.body.jobId}`)).body;
    expect(liveJob).toMatchObject({ mode: 'live', status: 'completed' });
    expect(liveJob.duplicate_of).toBeUndefined();
    // Within one mode it still is found: the same file again, live.
    const again = await asLive('POST', '/api/email-ingestion/test', {
      emailPrefix: 'ap-dups',
      testDocument: file,
      filename: 'invoice.pdf',
    });
    expect(again.body.attachment.duplicate).toMatchObject({ of: liveRun.body.jobId, matched: ['file_hash'] });
    await api.runJobs();
  });

  it("mail received by SMTP is live: its message and job are the live key's, never the test key's", async () => {
    const verdict = await api.inbound.checkRecipient('ap-dups@example.test');
    if (!verdict.accepted) throw new Error(`recipient refused: ${verdict.reason}`);
    const raw = new TextEncoder().encode(
      `From: billing@vendor.example\r\nTo: ap-dups@example.test\r\nSubject: Invoice\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: application/pdf; name=inv.pdf\r\nContent-Disposition: attachment; filename=inv.pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64(await makeInvoicePdf({ number: 'SMTP-LIVE-3', salt: 'smtp' }))}\r\n--b--\r\n`,
    );
    const [record] = await api.inbound.accept(
      { mailFrom: 'billing@vendor.example', recipients: [verdict], remoteAddress: '192.0.2.1', helo: 'vendor.example' },
      raw,
    );
    expect(record!.environment).toBe('live');
    await api.runMail();
    const message = (await asLive('GET', `/api/email-ingestion/messages/${record!.id}`)).body;
    expect(message).toMatchObject({ id: record!.id, mode: 'live' });
    expect((await asTest('GET', `/api/email-ingestion/messages/${record!.id}`)).status).toBe(404);
    const jobId = message.attachments[0].job_id as string;
    expect((await asLive('GET', `/v1/documents/${jobId}`)).body.mode).toBe('live');
    expect((await asTest('GET', `/v1/documents/${jobId}`)).status).toBe(404);
    await api.runJobs();
  });

  it('a live job the balance cannot cover says it waits for credits', async () => {
    const poor = await setUpTenant(api, { name: 'Poor', credits: 0 });
    const job = await poor.extract(pdf);
    expect(job).toMatchObject({
      status: 'queued',
      mode: 'live',
      waiting_reason: 'insufficient_credits',
    });
    await api.intake.credits.add(poor.org_id, 10);
    expect((await api.call('GET', `/v1/documents/${job.id}`, { key: poor.live_key })).body.waiting_reason).toBeNull();
    await api.runJobs();
  });
});
