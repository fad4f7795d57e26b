import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

/**
 * GET /v1/documents/{job_id}/pages/{n}/words: the words the review screen offers when a word on
 * the page is clicked, read by the real reader over real HTTP (PGlite: no query is new here).
 */
describe('page words', () => {
  let api: ApiHarness;
  let org: Tenant;
  let other: { org_id: string; live_key: string; test_key: string };
  let jobId: string;
  beforeAll(async () => {
    api = await startApi('pglite');
    org = await setUpTenant(api, { credits: 100 });
    other = await api.createOrg({ credits: 100 });
    jobId = (await org.extract(await makeInvoicePdf({ extraPages: 1 }))).id;
  });
  afterAll(() => api.close());

  const words = (page: string, key = org.live_key) =>
    api.call('GET', `/v1/documents/${jobId}/pages/${page}/words`, { key });

  it("answers each page's words with their boxes in page units, where field_locations put the values", async () => {
    const first = await words('1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ page: 1, page_width: 595, page_height: 842, source: 'text_layer' });
    const number = first.body.words.find((w: { text: string }) => w.text === 'INV-2026-0042');
    expect(number).toBeDefined();
    for (const w of first.body.words) {
      expect(w.box.x0).toBeGreaterThanOrEqual(0);
      expect(w.box.x1).toBeLessThanOrEqual(595);
      expect(w.box.y1).toBeLessThanOrEqual(842);
    }
    const job = (await api.call('GET', `/v1/documents/${jobId}`, { key: org.live_key })).body;
    const located = job.field_locations.invoice_number.box;
    // The value's box is the word's (the same reading), give or take rounding.
    expect(Math.abs(located.x0 - number.box.x0)).toBeLessThan(1);
    expect(Math.abs(located.y0 - number.box.y0)).toBeLessThan(1);
    const second = await words('2');
    expect(second.body.words.map((w: { text: string }) => w.text)).toContain('Terms');
  });

  it('is 404 for a page beyond the document, a page that is no number, another organization or the other mode', async () => {
    for (const page of ['3', '0', 'x'])
      expect((await words(page)).body.error, page).toMatchObject({ code: 'not_found', status: 404 });
    expect((await words('1', other.live_key)).status).toBe(404);
    expect((await words('1', org.test_key)).status).toBe(404);
  });
});
