/**
 * Issue 32, item 5: stored documents are served on the dashboard's origin (a job's original through
 * its signed link, a review item's attachment for the review queue's preview). Both answer with
 * their detected type, `X-Content-Type-Options: nosniff`, a CSP that allows nothing and sandboxes
 * the document, and an inline Content-Disposition with the name safely encoded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTriageItem } from '../../packages/core/src/testing/triage-store-contract.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, max-age=300',
};
const headersOf = (res: Response, names: string[]) => Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));

describe('stored documents served on the API origin', () => {
  let api: ApiHarness;
  let org: Tenant;
  beforeAll(async () => {
    api = await startApi('pglite');
    org = await setUpTenant(api);
  });
  afterAll(() => api?.close());

  it("a job's original through its signed link", async () => {
    const pdf = await makeInvoicePdf({});
    const job = await org.submit(pdf, { key: org.test_key });
    expect(job.status).toBe(202);
    const file = await fetch(job.body.document_url);
    expect(file.status).toBe(200);
    expect(headersOf(file, [...Object.keys(HEADERS), 'content-type', 'content-disposition'])).toEqual({
      ...HEADERS,
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${job.body.id}.pdf"`,
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
  });

  it("a review item's attachment, its name quoted and UTF-8 encoded", async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const item = makeTriageItem(org.org_id, {
      // Stored names are sanitised already; quotes and backslashes are still legal in them.
      filename: 'Quittung "März" ✓.png',
      mime_type: 'image/png',
      blob_key: await api.pipeline.blobs.put(png),
    });
    await api.intake.stores.triageItems.insert(item);
    const res = await fetch(`${api.baseUrl}/api/email-ingestion/review/${item.id}/document`, {
      headers: { authorization: `Bearer ${org.live_key}` },
    });
    expect(res.status).toBe(200);
    expect(headersOf(res, [...Object.keys(HEADERS), 'content-type', 'content-disposition'])).toEqual({
      ...HEADERS,
      'content-type': 'image/png',
      'content-disposition': `inline; filename="Quittung \\"M?rz\\" ?.png"; filename*=UTF-8''Quittung%20%22M%C3%A4rz%22%20%E2%9C%93.png`,
    });
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });
});
