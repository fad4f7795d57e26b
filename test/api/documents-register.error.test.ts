import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { completedJob, seedJobs } from '../support/register-seed.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';
import { makeJob } from '@intake/core/testing';

describe.each(DB_KINDS)('documents register errors on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let extractorId: string;
  const get = (path: string) => api.call('GET', path, { key: org.test_key });
  const expectInvalid = (
    res: { status: number; body: { error: { code: string; details?: { path: string }[] } } },
    path: string,
  ) => {
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.details?.map((d) => d.path)).toContain(path);
  };

  beforeAll(async () => {
    api = await startApi(kind);
    org = await setUpTenant(api);
    extractorId = org.extractorId;
    await seedJobs(
      api,
      Array.from({ length: 3 }, (_, i) =>
        completedJob(org.org_id, extractorId, { vendor_name: `V${i}`, total_amount: i }),
      ),
    );
  });
  afterAll(() => api.close());

  it('refuses an unknown sort key, source and export format, naming the parameter', async () => {
    expectInvalid(await get('/v1/documents?sort=price'), 'sort');
    expectInvalid(await get('/v1/documents?sort=--total'), 'sort');
    expectInvalid(await get('/v1/documents?source=fax'), 'source');
    expectInvalid(await get('/v1/documents/export?format=xlsx'), 'format');
    expectInvalid(await get('/v1/documents/export'), 'format');
    expectInvalid(await get(`/v1/documents?q=${'a'.repeat(501)}`), 'q');
    expectInvalid(await get('/v1/documents?vendor='), 'vendor');
  });

  it('refuses a cursor of another sort, or one it never gave', async () => {
    const byTotal = (await get('/v1/documents?sort=total&limit=1')).body.next_cursor;
    const plain = (await get('/v1/documents?limit=1')).body.next_cursor;
    expect(byTotal).toEqual(expect.any(String));
    expectInvalid(await get(`/v1/documents?sort=-total&cursor=${byTotal}`), 'cursor');
    expectInvalid(await get(`/v1/documents?sort=total&cursor=${plain}`), 'cursor');
    expectInvalid(await get(`/v1/documents?cursor=${byTotal}`), 'cursor');
    const forged = Buffer.from(
      JSON.stringify(['r', 'total', { $gt: 1 }, '2026-01-01T00:00:00.000Z', 'job_x']),
    ).toString('base64url');
    expectInvalid(await get(`/v1/documents?sort=total&cursor=${forged}`), 'cursor');
    expectInvalid(await get('/v1/documents?sort=total&cursor=bm90IGpzb24'), 'cursor');
  });

  it('finds nothing for a search without letters or digits, and treats operators as text', async () => {
    const none = await get(`/v1/documents?q=${encodeURIComponent("&|!():*'")}`);
    expect(none.status).toBe(200);
    expect(none.body.total).toBe(0);
    const one = await get(`/v1/documents?q=${encodeURIComponent('v1 & !')}`);
    expect(one.body.jobs.map((j: { register: { vendor: string } }) => j.register.vendor)).toEqual(['V1']);
  });

  it('deletes nothing unknown, nothing twice, and nothing being processed', async () => {
    const missing = await api.call('DELETE', '/v1/documents/job_missing', { key: org.test_key });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const busy = makeJob(org.org_id, extractorId, { status: 'processing', lease_owner: 'w1', attempts: 1 });
    await api.intake.stores.jobs.insert(busy);
    const refused = await api.call('DELETE', `/v1/documents/${busy.id}`, { key: org.test_key });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect((await get(`/v1/documents/${busy.id}`)).status).toBe(200);
    expect(await api.intake.stores.jobs.findTombstone(org.org_id, busy.id)).toBeNull();
    const some = (await get('/v1/documents?sort=total&limit=1')).body.jobs[0].id;
    expect((await api.call('DELETE', `/v1/documents/${some}`, { key: org.test_key })).status).toBe(204);
    expect((await api.call('DELETE', `/v1/documents/${some}`, { key: org.test_key })).status).toBe(404);
  });
});
