import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';
import { base64, makeInvoicePdf, TINY_PNG } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';

describe('documents API: bad input creates nothing', () => {
  let api: ApiHarness;
  let key: string;
  // Extractors are shared configuration: a live key makes them, the test key submits against them.
  let liveKey: string;
  let extractorId: string;
  let pdf: Uint8Array;
  const submit = (body: Record<string, unknown>) =>
    api.call('POST', '/v1/documents', {
      key,
      body: { extractor_id: extractorId, document: base64(pdf), mime_type: 'application/pdf', ...body },
    });

  beforeAll(async () => {
    api = await startApi('pglite', { maxDocumentBytes: 200_000 });
    const org = await setUpTenant(api);
    key = org.test_key;
    liveKey = org.live_key;
    extractorId = org.extractorId;
    pdf = await makeInvoicePdf();
  });
  afterAll(async () => {
    // Nothing refused below may have left a job behind.
    expect((await api.call('GET', '/v1/documents', { key })).body.total).toBe(0);
    await api.close();
  });

  it('404 for an unknown extractor', async () => {
    const res = await submit({ extractor_id: 'ext_unknown' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('409 extractor_inactive for an inactive or deleted extractor', async () => {
    const inactive = (await api.call('POST', '/v1/extractors', { key: liveKey, body: invoiceExtractor('Off') })).body
      .id;
    await api.call('PATCH', `/v1/extractors/${inactive}`, { key: liveKey, body: { is_active: false } });
    const deleted = (await api.call('POST', '/v1/extractors', { key: liveKey, body: invoiceExtractor('Gone') })).body
      .id;
    await api.call('DELETE', `/v1/extractors/${deleted}`, { key: liveKey });
    for (const id of [inactive, deleted]) {
      const res = await submit({ extractor_id: id });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('extractor_inactive');
    }
  });

  it.each([
    ['not base64 at all', { document: 'this is not base64!!' }],
    ['truncated base64', { document: 'QUJD=' }],
    ['missing document', { document: undefined }],
    ['missing mime_type', { mime_type: undefined }],
    ['metadata that is not an object', { metadata: ['a'] }],
    ['metadata that is a string', { metadata: 'x' }],
    ['metadata over 16 KB', { metadata: { big: 'x'.repeat(17_000) } }],
    ['an unknown member', { colour: 'red' }],
  ])('400 for %s', async (_label, body) => {
    const res = await submit(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  it('415 for a type outside PDF, PNG, JPEG, WEBP, TIFF, or one the bytes contradict', async () => {
    const gif = await submit({ mime_type: 'image/gif' });
    expect(gif.status).toBe(415);
    expect(gif.body.error.code).toBe('unsupported_media_type');
    const lying = await submit({ mime_type: 'image/png' });
    expect(lying.status).toBe(415);
    expect(lying.body.error.message).toContain('application/pdf');
    const text = await submit({ document: base64(Buffer.from('hello, plain text')), mime_type: 'application/pdf' });
    expect(text.status).toBe(415);
    const png = await submit({ document: base64(TINY_PNG), mime_type: 'application/pdf' });
    expect(png.status).toBe(415);
  });

  it('413 document_too_large beyond MAX_ATTACHMENT_SIZE_MB, as JSON and as multipart', async () => {
    const big = await makeInvoicePdf({ salt: 'x'.repeat(10) });
    const padded = Buffer.concat([Buffer.from(big), Buffer.alloc(250_000, 0x20)]);
    const json = await submit({ document: base64(padded) });
    expect(json.status).toBe(413);
    expect(json.body.error).toMatchObject({ code: 'document_too_large', status: 413 });
    const form = new FormData();
    form.set('extractor_id', extractorId);
    form.set('file', new Blob([padded], { type: 'application/pdf' }), 'big.pdf');
    const res = await fetch(`${api.baseUrl}/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('document_too_large');
  });

  it('400 for multipart without a file, or with metadata that is not JSON', async () => {
    const noFile = new FormData();
    noFile.set('extractor_id', extractorId);
    const a = await fetch(`${api.baseUrl}/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: noFile,
    });
    expect(a.status).toBe(400);
    const badMeta = new FormData();
    badMeta.set('extractor_id', extractorId);
    badMeta.set('metadata', '{nope');
    badMeta.set('file', new Blob([pdf]), 'a.pdf');
    const b = await fetch(`${api.baseUrl}/v1/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: badMeta,
    });
    expect(b.status).toBe(400);
    expect(((await b.json()) as { error: { details: { path: string }[] } }).error.details[0]!.path).toBe('metadata');
  });

  it('400 for an unknown stats period or list filter value; 404 for an unknown job', async () => {
    expect((await api.call('GET', '/v1/documents/stats?period=1y', { key })).status).toBe(400);
    expect((await api.call('GET', '/v1/documents?status=done', { key })).status).toBe(400);
    expect((await api.call('GET', '/v1/documents?created_after=yesterday', { key })).status).toBe(400);
    expect((await api.call('GET', '/v1/documents?min_confidence=2', { key })).status).toBe(400);
    expect((await api.call('GET', '/v1/documents?limit=101', { key })).status).toBe(400);
    expect((await api.call('GET', '/v1/documents/job_nope', { key })).status).toBe(404);
  });

  it('403 without documents:write or documents:read', async () => {
    const reader = (
      await api.call('POST', '/v1/api-keys', {
        key,
        body: { name: 'r', environment: 'test', scopes: ['documents:read'] },
      })
    ).body.key;
    const res = await api.call('POST', '/v1/documents', {
      key: reader,
      body: { extractor_id: extractorId, document: base64(pdf), mime_type: 'application/pdf' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('documents:write');
  });
});
