import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { completedJob, parseCsv, seedJobs } from '../support/register-seed.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

describe.each(DB_KINDS)('documents register security on %s', (kind) => {
  let api: ApiHarness;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    api = await startApi(kind);
    a = await setUpTenant(api, { name: 'A' });
    b = await setUpTenant(api, { name: 'B' });
    const [extA, extB] = [a.extractorId, b.extractorId];
    const same = { vendor_name: 'Shared Vendor', invoice_number: 'S-1', total_amount: 10 };
    await seedJobs(api, [
      completedJob(a.org_id, extA, same, { id: 'job_sec_a' }),
      completedJob(a.org_id, extA, same, { id: 'job_sec_a_live', environment: 'live' }),
      completedJob(b.org_id, extB, same, { id: 'job_sec_b' }),
    ]);
  });
  afterAll(() => api.close());

  it("never lists, finds, sorts or exports another organization's documents", async () => {
    for (const query of ['q=shared', 'vendor=shared%20vendor', 'sort=-total', 'sort=vendor&q=s-1']) {
      const res = await api.call('GET', `/v1/documents?${query}`, { key: a.test_key });
      expect(
        res.body.jobs.map((j: { id: string }) => j.id),
        query,
      ).toEqual(['job_sec_a']);
    }
    const csv = await fetch(`${api.baseUrl}/v1/documents/export?format=csv&q=shared`, {
      headers: { authorization: `Bearer ${a.test_key}` },
    });
    expect(
      parseCsv(await csv.text())
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['job_sec_a']);
    const live = await api.call('GET', '/v1/documents?q=shared', { key: a.live_key });
    expect(live.body.jobs.map((j: { id: string }) => j.id)).toEqual(['job_sec_a_live']);
  });

  it("cannot delete another organization's or the other mode's document (404), nor without documents:write", async () => {
    const other = await api.call('DELETE', '/v1/documents/job_sec_a', { key: b.test_key });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
    expect((await api.call('DELETE', '/v1/documents/job_sec_a_live', { key: a.test_key })).status).toBe(404);
    const created = await api.call('POST', '/v1/api-keys', {
      key: a.live_key,
      body: { name: 'reader', environment: 'live', scopes: ['documents:read'] },
    });
    expect(created.status).toBe(201);
    const refused = await api.call('DELETE', '/v1/documents/job_sec_a_live', { key: created.body.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_permissions');
    expect((await api.call('GET', '/v1/documents/job_sec_a_live', { key: a.live_key })).status).toBe(200);
    expect((await api.call('GET', '/v1/documents/job_sec_a', { key: a.test_key })).status).toBe(200);
    expect(await api.intake.stores.jobs.findTombstone(a.org_id, 'job_sec_a_live')).toBeNull();
    expect(await api.intake.stores.jobs.findTombstone(a.org_id, 'job_sec_a')).toBeNull();
  });

  it('needs a key for the export', async () => {
    const res = await fetch(`${api.baseUrl}/v1/documents/export?format=csv`);
    expect(res.status).toBe(401);
  });
});
