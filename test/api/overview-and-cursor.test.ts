/**
 * What the dashboard loads in one or two requests: GET /v1/overview (equal to the six endpoints it
 * replaces; a part the key may not read is that endpoint's error), the job list's `cursor` /
 * `next_cursor` (the same jobs as offset paging, a bad cursor a 400) and `include=corrections`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { base64, makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

describe('overview, job cursors and include=corrections on pglite', () => {
  let api: ApiHarness;
  let org: Tenant;
  const ids: string[] = [];

  beforeAll(async () => {
    api = await startApi('pglite');
    org = await setUpTenant(api, { credits: 40 });
    const pdf = base64(await makeInvoicePdf());
    for (const metadata of [{}, { simulate: 'document_unreadable' }, {}, {}, { simulate: 'document_unreadable' }]) {
      const res = await org.submit(pdf, { key: org.test_key, metadata });
      expect(res.status).toBe(202);
      ids.push(res.body.id);
    }
    await api.runJobs();
  }, 120_000);
  afterAll(() => api.close());

  const get = (path: string, key = org.test_key) => api.call('GET', path, { key });

  it('GET /v1/overview answers what the six endpoints answer', async () => {
    const res = await get('/v1/overview');
    expect(res.status).toBe(200);
    expect(res.body.last_24h).toEqual((await get('/v1/documents/stats?period=24h')).body);
    expect(res.body.last_30d).toEqual((await get('/v1/documents/stats?period=30d')).body);
    expect(res.body.daily).toEqual((await get('/v1/documents/stats/daily?days=30')).body.days);
    const failed = (await get('/v1/documents?status=failed&limit=5')).body.jobs;
    expect(res.body.recent_failures.map((j: { id: string }) => j.id)).toEqual(failed.map((j: { id: string }) => j.id));
    expect(res.body.recent_failures).toHaveLength(2);
    expect(res.body.credits).toEqual((await get('/v1/credits/balance')).body);
    const items = (await get('/api/email-ingestion/review?limit=1')).body.total;
    const toReview = (await get('/v1/documents?status=completed&needs_review=true&limit=1')).body.total;
    expect(res.body.pending_reviews).toEqual({
      total: items + toReview,
      documents_to_review: toReview,
      classification_items: items,
    });
    expect(res.body.last_24h.total_jobs).toBe(5);
  });

  it("gives a key without credits:read or email_ingestion:read those endpoints' errors in place, and needs documents:read", async () => {
    const create = async (scopes: string[]) =>
      (
        await api.call('POST', '/v1/api-keys', {
          key: org.test_key,
          body: { name: scopes.join(' '), environment: 'test', scopes },
        })
      ).body.key as string;
    const reader = await create(['documents:read']);
    const res = await get('/v1/overview', reader);
    expect(res.status).toBe(200);
    const { request_id: _id, ...refused } = (await get('/v1/credits/balance', reader)).body.error;
    expect(res.body.credits).toEqual({ error: refused });
    expect(res.body.credits.error).toMatchObject({ code: 'insufficient_permissions', status: 403 });
    expect(res.body.credits.error.message).toContain('credits:read');
    // Documents to review need only documents:read; email items, email_ingestion:read.
    expect(res.body.pending_reviews).toMatchObject({ classification_items: null });
    expect(res.body.last_30d.total_jobs).toBe(5);
    const none = await get('/v1/overview', await create(['credits:read']));
    expect(none.status).toBe(403);
    expect(none.body.error.message).toContain('documents:read');
  });

  it('walks the job list by next_cursor to the same jobs as by offset, with the total on every page', async () => {
    const byOffset = (await get('/v1/documents?limit=100')).body;
    expect(byOffset.jobs).toHaveLength(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: { jobs: { id: string }[]; total: number; next_cursor: string | null } = (
        await get(`/v1/documents?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      expect(page.total).toBe(5);
      seen.push(...page.jobs.map((j) => j.id));
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(byOffset.jobs.map((j: { id: string }) => j.id));
    expect(byOffset.next_cursor).toBeNull();
    // Filters apply after the cursor as before it.
    const failed = (await get('/v1/documents?status=failed&limit=1')).body;
    expect(failed.next_cursor).toEqual(expect.any(String));
    const second = (await get(`/v1/documents?status=failed&limit=1&cursor=${failed.next_cursor}`)).body;
    expect(second.jobs.map((j: { status: string }) => j.status)).toEqual(['failed']);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses a cursor it did not give with 400 naming cursor', async () => {
    for (const bad of ['nope!', Buffer.from('yesterday|job_1').toString('base64url'), 'x'.repeat(500), '']) {
      const res = await get(`/v1/documents?cursor=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.details[0].path).toBe('cursor');
    }
  });

  it('includes the correction history with include=corrections, and refuses another include', async () => {
    const completed = ids[0]!;
    const plain = (await get(`/v1/documents/${completed}`)).body;
    expect(plain).not.toHaveProperty('corrections');
    const withHistory = (await get(`/v1/documents/${completed}?include=corrections`)).body;
    expect(withHistory).toEqual({ ...plain, corrections: [], document_url: expect.any(String) });
    const fixed = await api.call('PATCH', `/v1/documents/${completed}/fields`, {
      key: org.test_key,
      body: { fields: { invoice_number: 'INV-CHANGED' } },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const after = (await get(`/v1/documents/${completed}?include=corrections`)).body;
    expect(after.corrections).toEqual((await get(`/v1/documents/${completed}/corrections`)).body.corrections);
    expect(after.corrections.map((c: { field: string }) => c.field)).toContain('invoice_number');
    expect((await get(`/v1/documents/${completed}?include=everything`)).status).toBe(400);
  });
});
