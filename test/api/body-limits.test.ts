/**
 * JSON bodies by kind (docs/security/documents.md, "Request bodies"): a body that carries a
 * document (the JSON upload, the email test endpoint) may be as large as its limit and is parsed and
 * decoded in the JSON thread; every other JSON body is parsed on the event loop and is at most
 * 1 MB, whatever MAX_REQUEST_BODY_MB says.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';

const MB = 1_048_576;

describe('JSON body limits', () => {
  let api: ApiHarness;
  let live: string;
  let test: string;
  beforeAll(async () => {
    api = await startApi('pglite', { maxBodyBytes: 8 * MB, maxDocumentBytes: 4 * MB });
    ({ live_key: live, test_key: test } = await api.createOrg());
  });
  afterAll(() => api.close());

  // 1.5 MB of base64: over the ordinary limit, well under the document routes' ones.
  const document = randomBytes(1.1 * MB).toString('base64');

  it('refuses a body over 1 MB to a route that carries no document, with MAX_REQUEST_BODY_MB at 8', async () => {
    const res = await api.call('POST', '/v1/extractors', {
      key: live,
      body: { ...invoiceExtractor(), description: document },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', message: 'The request body exceeds 1 MB' });
  });

  it('reads the same size through the email test endpoint, then judges what it says', async () => {
    // Read, parsed and decoded: the answer is about the prefix, which does not exist.
    const res = await api.call('POST', '/api/email-ingestion/test', {
      key: test,
      body: { emailPrefix: 'nowhere', testDocument: document, simulateOnly: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.error.code).toBe('not_found');

    const bad = await api.call('POST', '/api/email-ingestion/test', {
      key: test,
      body: { emailPrefix: 'nowhere', testDocument: `${document.slice(0, 1000)}!`, simulateOnly: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'invalid_request',
      details: [{ path: 'testDocument', message: 'not valid base64' }],
    });
  });

  it('decodes a JSON upload of the same size and refuses it by its content', async () => {
    const extractor = await api.call('POST', '/v1/extractors', { key: live, body: invoiceExtractor() });
    expect(extractor.status).toBe(201);
    const res = await api.call('POST', '/v1/documents', {
      key: live,
      body: { extractor_id: extractor.body.id, document, mime_type: 'application/pdf' },
    });
    // Random bytes are no PDF: decided by the decoded content, so the base64 was decoded whole.
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });
});
