import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';
import { base64, makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

describe.each(DB_KINDS)('documents API (test keys) on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let extractorId: string;
  let pdf: Uint8Array;
  const submit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.call('POST', '/v1/documents', {
      key: org.test_key,
      body: { extractor_id: extractorId, document: base64(pdf), mime_type: 'application/pdf', ...body },
      headers,
    });

  beforeAll(async () => {
    api = await startApi(kind);
    org = await setUpTenant(api);
    extractorId = org.extractorId;
    pdf = await makeInvoicePdf({ extraPages: 1 });
  });
  afterAll(() => api.close());

  it('queues a JSON submission: 202, Location, the job as the spec shows it', async () => {
    const res = await submit({ metadata: { customer_id: 'c-42', nested: { a: [1, 2] } } });
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe(`/v1/documents/${res.body.id}`);
    expect(res.body).toMatchObject({
      org_id: org.org_id,
      extractor_id: extractorId,
      status: 'queued',
      cost_credits: 0,
      mime_type: 'application/pdf',
      page_count: 2,
      metadata: { customer_id: 'c-42', nested: { a: [1, 2] } },
      needs_review: false,
      validation_errors: [],
    });
    expect(res.body.id).toMatch(/^job_/);
    expect(res.body).not.toHaveProperty('extracted_data');
    const got = await api.call('GET', `/v1/documents/${res.body.id}`, { key: org.test_key });
    expect(got.body.status).toBe('queued');
  });

  it('serves the original through a signed link without a key, and refuses a tampered one', async () => {
    const job = (await submit({})).body;
    const download = await fetch(job.document_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    const tampered = job.document_url.replace(
      /signature=(.)/,
      (_m: string, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`,
    );
    expect((await fetch(tampered)).status).toBe(404);
    const otherJob = job.document_url.replace(job.id, 'job_other');
    expect((await fetch(otherJob)).status).toBe(404);
  });

  it('completes test-mode jobs with deterministic values that satisfy the validation rules, at no cost', async () => {
    const job = (await submit({})).body;
    await api.runJobs();
    const done = (await api.call('GET', `/v1/documents/${job.id}`, { key: org.test_key })).body;
    expect(done.status).toBe('completed');
    expect(done.cost_credits).toBe(0);
    expect(done.completed_at).toBeDefined();
    expect(done.processing_time_ms).toBeGreaterThanOrEqual(0);
    const data = done.extracted_data;
    expect(data.invoice_number).toMatch(/^[A-Z0-9-]+$/);
    expect(data.invoice_number.length).toBeLessThanOrEqual(40);
    expect(data.invoice_date >= '2000-01-01').toBe(true);
    expect(data.vendor_email).toMatch(/@vendor\.example$/);
    expect(data.total_amount).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(data.line_items) && typeof data.line_items[0].amount).toBe('number');
    for (const value of Object.values(done.confidence as Record<string, number>)) expect(value).toBeGreaterThan(0);
    expect(Object.keys(done.confidence).sort()).toEqual(Object.keys(data).sort());
    const events = await api.intake.stores.outbox.list(org.org_id, { event: 'job.completed' });
    const event = events.find((e) => e.data.id === job.id);
    expect(event?.data).toMatchObject({ id: job.id, status: 'completed', extracted_data: data, cost_credits: 0 });
    expect(
      (await api.call('GET', `/v1/extractors/${extractorId}`, { key: org.test_key })).body.usage_count,
    ).toBeGreaterThanOrEqual(1);
  });

  it.each(['document_unreadable', 'temporary_error', 'service_unavailable'])(
    'fails a test job on metadata.simulate = %s',
    async (code) => {
      const job = (await submit({ metadata: { simulate: code } })).body;
      await api.runJobs();
      const failed = (await api.call('GET', `/v1/documents/${job.id}`, { key: org.test_key })).body;
      expect(failed).toMatchObject({ status: 'failed', cost_credits: 0, error_details: { code } });
      expect(failed.error_details.suggestion.length).toBeGreaterThan(10);
      expect(failed.failed_at).toBeDefined();
      const event = (await api.intake.stores.outbox.list(org.org_id, { event: 'job.failed' })).find(
        (e) => e.data.id === job.id,
      );
      expect(event?.data).toMatchObject({ status: 'failed', cost_credits: 0, error_details: { code } });
    },
  );

  it('takes multipart/form-data with file, extractor_id and metadata', async () => {
    const form = new FormData();
    form.set('extractor_id', extractorId);
    form.set('metadata', JSON.stringify({ source: 'upload' }));
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'invoice.pdf');
    const res = await fetch(`${api.baseUrl}/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.test_key}` },
      body: form,
    });
    const body = await res.json();
    expect(res.status).toBe(202);
    expect(body).toMatchObject({
      status: 'queued',
      mime_type: 'application/pdf',
      metadata: { source: 'upload' },
      page_count: 2,
    });
  });

  it('replays an Idempotency-Key with the same body, refuses it with another', async () => {
    const before = (await api.call('GET', '/v1/documents?limit=1', { key: org.test_key })).body.total;
    const first = await submit({ metadata: { n: 1 } }, { 'idempotency-key': 'order-77' });
    const again = await submit({ metadata: { n: 1 } }, { 'idempotency-key': 'order-77' });
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await submit({ metadata: { n: 2 } }, { 'idempotency-key': 'order-77' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('conflict');
    expect((await api.call('GET', '/v1/documents?limit=1', { key: org.test_key })).body.total).toBe(before + 1);
  });

  it('keeps the definitions a job was submitted with when the extractor changes or is deleted', async () => {
    const ext = (await api.call('POST', '/v1/extractors', { key: org.live_key, body: invoiceExtractor('Changing') }))
      .body;
    const job = (
      await api.call('POST', '/v1/documents', {
        key: org.test_key,
        body: { extractor_id: ext.id, document: base64(pdf), mime_type: 'application/pdf' },
      })
    ).body;
    await api.call('PATCH', `/v1/extractors/${ext.id}`, {
      key: org.live_key,
      body: { field_definitions: [{ name: 'po_number', type: 'text', required: true, description: 'PO' }] },
    });
    await api.call('DELETE', `/v1/extractors/${ext.id}`, { key: org.live_key });
    await api.runJobs();
    const done = (await api.call('GET', `/v1/documents/${job.id}`, { key: org.test_key })).body;
    expect(done.status).toBe('completed');
    expect(Object.keys(done.extracted_data)).toContain('invoice_number');
    expect(Object.keys(done.extracted_data)).not.toContain('po_number');
  });

  it('lists newest first with filters, and computes statistics for mixed outcomes', async () => {
    const fresh = await setUpTenant(api, { extractors: [invoiceExtractor('One'), invoiceExtractor('Two')] });
    const [e1, e2] = fresh.extractorIds as [string, string];
    const post = (extractor_id: string, metadata: object = {}) =>
      api.call('POST', '/v1/documents', {
        key: fresh.test_key,
        body: { extractor_id, document: base64(pdf), mime_type: 'application/pdf', metadata },
      });
    const ids = [];
    for (const [ext, meta] of [
      [e1, {}],
      [e1, { simulate: 'document_unreadable' }],
      [e2, {}],
      [e2, {}],
    ] as const)
      ids.push((await post(ext, meta)).body.id);
    await api.runJobs();
    const queued = (await post(e1)).body.id;
    const list = (q: string) => api.call('GET', `/v1/documents${q}`, { key: fresh.test_key }).then((r) => r.body);
    const all = await list('');
    expect(all.total).toBe(5);
    expect(all.jobs.map((j: { id: string }) => j.id)).toEqual([queued, ...ids.reverse()]);
    expect((await list('?status=failed')).jobs.map((j: { id: string }) => j.id)).toEqual([ids[2]]);
    expect((await list(`?extractor_id=${e2}`)).total).toBe(2);
    expect((await list('?min_confidence=0.5')).total).toBe(3);
    expect((await list('?min_confidence=0.9999')).total).toBeLessThan(3);
    expect((await list('?limit=2&offset=4')).jobs.length).toBe(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`?created_after=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await list(`?created_before=${encodeURIComponent(future)}`)).total).toBe(5);
    const stats = (await api.call('GET', '/v1/documents/stats?period=24h', { key: fresh.test_key })).body;
    expect(stats).toMatchObject({
      period: '24h',
      total_jobs: 5,
      completed_jobs: 3,
      failed_jobs: 1,
      success_rate: 0.75,
      total_credits_used: 0,
      by_status: { completed: 3, failed: 1, queued: 1, processing: 0 },
    });
    expect(stats.avg_confidence).toBeGreaterThan(0.8);
    expect(stats.by_extractor).toEqual(
      [
        { extractor_id: e1, extractor_name: 'One', job_count: 3, success_rate: 0.5 },
        { extractor_id: e2, extractor_name: 'Two', job_count: 2, success_rate: 1 },
      ].sort((a, b) => b.job_count - a.job_count),
    );
    for (const period of ['7d', '30d', '90d'])
      expect(
        (await api.call('GET', `/v1/documents/stats?period=${period}`, { key: fresh.test_key })).body.total_jobs,
      ).toBe(5);
  });

  it('searches metadata only where the organization enabled it', async () => {
    const fresh = await setUpTenant(api);
    for (const customer of ['a', 'b', 'a']) await fresh.submit(pdf, { key: fresh.test_key, metadata: { customer } });
    const refused = await api.call('GET', '/v1/documents?metadata[customer]=a', { key: fresh.test_key });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('Metadata search is not enabled');
    await api.intake.stores.organizations.update(fresh.org_id, { metadata_search_enabled: true });
    const found = await api.call('GET', '/v1/documents?metadata[customer]=a', { key: fresh.test_key });
    expect(found.body.total).toBe(2);
    expect(found.body.jobs.every((j: { metadata: { customer: string } }) => j.metadata.customer === 'a')).toBe(true);
  });
});
