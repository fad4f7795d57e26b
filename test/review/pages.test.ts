// test-tier: ocr (its PNG job is read by the harness's tesseract reader)
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

/** GET /v1/documents/{job_id}/pages/{n}: real rendering (pdfjs, sharp), real HTTP, both databases. */
describe.each(DB_KINDS)('page pictures on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let pdfJob: string;
  let pngJob: string;
  beforeAll(async () => {
    api = await startApi(kind);
    org = await setUpTenant(api, { credits: 100 });
    const submit = async (document: Uint8Array, mimeType: string) =>
      (await org.submit(document, { mimeType })).body.id as string;
    pdfJob = await submit(await makeInvoicePdf({ extraPages: 1 }), 'application/pdf');
    // A 300 x 150 image: black on its left half, white on its right.
    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#ffffff' } })
      .composite([
        { input: { create: { width: 150, height: 150, channels: 3, background: '#000000' } }, left: 0, top: 0 },
      ])
      .png()
      .toBuffer();
    pngJob = await submit(png, 'image/png');
    await api.runJobs();
  });
  afterAll(() => api.close());

  const get = (path: string, key = org.live_key) =>
    fetch(api.baseUrl + path, { headers: { authorization: `Bearer ${key}` } });
  const grey = async (bytes: ArrayBuffer) =>
    sharp(Buffer.from(bytes)).greyscale().raw().toBuffer({ resolveWithObject: true });

  it('renders a PDF page as PNG at the width asked, where the located words are dark', async () => {
    const res = await get(`/v1/documents/${pdfJob}/pages/1?width=600`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-cache')).toBe('miss');
    const { data, info } = await grey(await res.arrayBuffer());
    expect(info.width).toBe(600);
    expect(info.height).toBe(Math.round((600 * 842) / 595));
    expect(res.headers.get('x-page-width')).toBe('600');
    // The box the job gives for the total, scaled by width / page_width, holds ink; the page corner does not.
    const job = (await api.call('GET', `/v1/documents/${pdfJob}`, { key: org.live_key })).body;
    const where = job.field_locations.total_amount;
    const scale = 600 / where.page_width;
    const darkest = (x0: number, y0: number, x1: number, y1: number) => {
      let min = 255;
      for (let y = Math.floor(y0 * scale); y < Math.ceil(y1 * scale); y++)
        for (let x = Math.floor(x0 * scale); x < Math.ceil(x1 * scale); x++)
          min = Math.min(min, data[y * info.width + x]!);
      return min;
    };
    expect(darkest(where.box.x0, where.box.y0, where.box.x1, where.box.y1)).toBeLessThan(80);
    expect(darkest(5, 5, 40, 40)).toBeGreaterThan(240);
  });

  it('serves the second look from the cache, and rounds widths to a multiple of 50', async () => {
    const first = await get(`/v1/documents/${pdfJob}/pages/2?width=420`);
    expect(first.headers.get('x-page-width')).toBe('400');
    const again = await get(`/v1/documents/${pdfJob}/pages/2?width=410`);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    // On disk, under the document's SHA-256.
    const dirs = fs.readdirSync(api.review.pageCacheDir);
    expect(
      dirs.some(
        (d) => /^[0-9a-f]{64}$/.test(d) && fs.readdirSync(`${api.review.pageCacheDir}/${d}`).includes('2-400.png'),
      ),
    ).toBe(true);
  });

  it('renders an image page with its proportions and its pixels', async () => {
    const res = await get(`/v1/documents/${pngJob}/pages/1`);
    expect(res.status).toBe(200);
    const { data, info } = await grey(await res.arrayBuffer());
    expect([info.width, info.height]).toEqual([1000, 500]);
    expect(data[250 * 1000 + 200]).toBeLessThan(20);
    expect(data[250 * 1000 + 800]).toBeGreaterThan(235);
  });

  it('answers 404 for a page out of range or not a page number, 400 for a width out of bounds, in the error body', async () => {
    for (const path of [
      `/v1/documents/${pdfJob}/pages/3`,
      `/v1/documents/${pdfJob}/pages/0`,
      `/v1/documents/${pdfJob}/pages/x`,
      `/v1/documents/${pngJob}/pages/2`,
      '/v1/documents/job_missing/pages/1',
    ]) {
      const res = await api.call('GET', path, { key: org.live_key });
      expect(res.status, path).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', status: 404 });
    }
    for (const width of ['99', '2001', 'wide', '500.5']) {
      const res = await api.call('GET', `/v1/documents/${pdfJob}/pages/1?width=${width}`, { key: org.live_key });
      expect(res.status, width).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('shows a page only to the organization and mode of the job, with documents:read', async () => {
    const other = await api.createOrg();
    expect((await api.call('GET', `/v1/documents/${pdfJob}/pages/1`, { key: other.live_key })).status).toBe(404);
    // The test key of the same organization: the other world.
    expect((await api.call('GET', `/v1/documents/${pdfJob}/pages/1`, { key: org.test_key })).status).toBe(404);
    expect((await api.call('GET', `/v1/documents/${pdfJob}/pages/1`)).status).toBe(401);
    const limited = (
      await api.call('POST', '/v1/api-keys', {
        key: org.live_key,
        body: { name: 'w', environment: 'live', scopes: ['extractors:read'] },
      })
    ).body.key;
    const res = await api.call('GET', `/v1/documents/${pdfJob}/pages/1`, { key: limited });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_permissions');
  });
});
