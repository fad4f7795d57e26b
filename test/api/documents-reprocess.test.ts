/**
 * POST /v1/documents/{id}/reprocess and GET /v1/documents/{id}/versions: a finished job is read and
 * extracted again by the real reader, its earlier result kept, not charged again, `job.completed`
 * sent again with the new version; refusals for running, deleted and file-less jobs; idempotency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { base64, makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

describe.each(DB_KINDS)('reprocessing documents on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let pdf: string;

  beforeAll(async () => {
    api = await startApi(kind);
    org = await setUpTenant(api, { credits: 10 });
    pdf = base64(await makeInvoicePdf());
  }, 120_000);
  afterAll(() => api.close());

  const call = (method: string, path: string, headers?: Record<string, string>) =>
    api.call(method, path, { key: org.live_key, ...(headers ? { headers } : {}) });
  const submit = async (salt: string) => {
    const res = await org.submit(await makeInvoicePdf({ salt }));
    expect(res.status).toBe(202);
    return res.body.id as string;
  };
  const balance = async () => (await call('GET', '/v1/credits/balance')).body.balance as number;

  it('reads the document again, keeps the first result, charges nothing and sends job.completed again', async () => {
    const id = await submit('first');
    await api.runJobs();
    const first = (await call('GET', `/v1/documents/${id}`)).body;
    expect(first).toMatchObject({ status: 'completed', result_version: 1, cost_credits: 1 });
    const before = await balance();

    const asked = await call('POST', `/v1/documents/${id}/reprocess`);
    expect(asked.status).toBe(202);
    expect(asked.headers.get('location')).toBe(`/v1/documents/${id}`);
    expect(asked.body).toMatchObject({ id, status: 'queued', result_version: 2, cost_credits: 1 });
    const during = (await call('GET', `/v1/documents/${id}/versions`)).body.versions;
    expect(during.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(during[0]).toMatchObject({ status: 'completed', extracted_data: first.extracted_data });
    expect(during[1]).toMatchObject({ status: 'queued', extracted_data: null, replaced_at: null });

    const outcomes = await api.runJobs();
    expect(outcomes).toContainEqual({ kind: 'completed', jobId: id });
    const second = (await call('GET', `/v1/documents/${id}`)).body;
    expect(second).toMatchObject({ status: 'completed', result_version: 2, cost_credits: 1 });
    expect(second.extracted_data).toEqual(first.extracted_data);
    expect(await balance()).toBe(before);
    const ledger = (await call('GET', '/v1/credits/transactions?limit=100')).body.transactions;
    expect(ledger.filter((t: { job_id: string | null }) => t.job_id === id)).toHaveLength(1);

    const events = await api.intake.stores.outbox.list(org.org_id, { event: 'job.completed' });
    const mine = events.filter((e) => e.data.id === id);
    expect(mine.map((e) => e.data.result_version)).toEqual([1, 2]);
    expect(mine[1]!.data.review_reasons).toEqual(second.review_reasons);

    const versions = (await call('GET', `/v1/documents/${id}/versions`)).body;
    expect(versions.job_id).toBe(id);
    expect(versions.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(versions.versions[1]).toMatchObject({ current: true, status: 'completed', replaced_at: null });
    expect(Date.parse(versions.versions[0].replaced_at)).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a job still queued, and one of another organization or mode', async () => {
    const id = await submit('queued');
    const running = await call('POST', `/v1/documents/${id}/reprocess`);
    expect(running.status).toBe(409);
    expect(running.body.error).toMatchObject({ code: 'conflict' });
    expect(running.body.error.message).toContain('still queued');
    await api.runJobs();
    const other = await api.createOrg();
    expect((await api.call('POST', `/v1/documents/${id}/reprocess`, { key: other.live_key })).status).toBe(404);
    expect((await api.call('POST', `/v1/documents/${id}/reprocess`, { key: org.test_key })).status).toBe(404);
    expect((await api.call('GET', `/v1/documents/${id}/versions`, { key: org.test_key })).status).toBe(404);
    expect((await call('POST', '/v1/documents/job_nope/reprocess')).body.error.code).toBe('not_found');
  }, 60_000);

  it('says a deleted job was deleted, and a job whose file is gone cannot be read again', async () => {
    const id = await submit('deleted');
    await api.runJobs();
    expect((await call('DELETE', `/v1/documents/${id}`)).status).toBe(204);
    const deleted = await call('POST', `/v1/documents/${id}/reprocess`);
    expect(deleted.status).toBe(410);
    expect(deleted.body.error.code).toBe('document_deleted');
    expect(deleted.body.error.message).toContain('was deleted at');

    const lost = await submit('lost');
    await api.runJobs();
    const job = await api.intake.stores.jobs.get(org.org_id, 'live', lost);
    await api.pipeline.blobs.delete(job!.blob_key);
    const gone = await call('POST', `/v1/documents/${lost}/reprocess`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe('document_not_stored');
    expect((await call('GET', `/v1/documents/${lost}`)).body).toMatchObject({ status: 'completed', result_version: 1 });
  }, 60_000);

  it('replays a repeated Idempotency-Key and refuses it for another job', async () => {
    const a = await submit('idem-a');
    const b = await submit('idem-b');
    await api.runJobs();
    const headers = { 'Idempotency-Key': `rep-${kind}` };
    const first = await call('POST', `/v1/documents/${a}/reprocess`, headers);
    expect(first.status).toBe(202);
    const again = await call('POST', `/v1/documents/${a}/reprocess`, headers);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toMatchObject({ id: a, result_version: 2 });
    const other = await call('POST', `/v1/documents/${b}/reprocess`, headers);
    expect(other.status).toBe(409);
    expect(other.body.error.message).toContain('Idempotency-Key');
    await api.runJobs();
    expect((await call('GET', `/v1/documents/${a}/versions`)).body.versions).toHaveLength(2);
    expect((await call('GET', `/v1/documents/${b}`)).body.result_version).toBe(1);
  }, 60_000);

  it('reprocesses a test-mode job for free as well', async () => {
    const res = await org.submit(pdf, { key: org.test_key });
    await api.runJobs();
    const asked = await api.call('POST', `/v1/documents/${res.body.id}/reprocess`, { key: org.test_key });
    expect(asked.body).toMatchObject({ status: 'queued', result_version: 2, mode: 'test' });
    await api.runJobs();
    const done = (await api.call('GET', `/v1/documents/${res.body.id}`, { key: org.test_key })).body;
    expect(done).toMatchObject({ status: 'completed', result_version: 2, cost_credits: 0 });
  }, 60_000);
});
