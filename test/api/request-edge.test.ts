import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { invoiceExtractor, startApi, type ApiHarness, type ApiResponse } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';
import { failOnEscapedErrors } from './escaped-errors.js';
import { send } from './fuzz/operations.js';

/**
 * Issue 13, defects 1 to 3: what the request edge (body reading, JSON parsing, path and query
 * decoding) must refuse with a 4xx before anything reaches a service or the database.
 */

/** Sends raw bytes (as a client that writes whatever it likes would) and reads the answer. */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string,
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(baseUrl + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // keep the text
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: new Headers(res.headers as Record<string, string>),
          body: parsed,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const nested = (depth: number, open: string, close: string, leaf: string) =>
  open.repeat(depth) + leaf + close.repeat(depth);

function expectError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
  expect(res.body.error).toMatchObject({ code, status });
  expect(typeof res.body.error.message).toBe('string');
}

failOnEscapedErrors();

describe.each(DB_KINDS)('request edge on %s', (kind) => {
  let api: ApiHarness;
  let key: string;
  let extractorId: string;
  let pdf: Uint8Array;
  let accepted = 0;
  beforeAll(async () => {
    api = await startApi(kind);
    const tenant = await setUpTenant(api, { prefixes: [{ emailPrefix: 'ap', defaultDocumentType: 'invoice' }] });
    key = tenant.live_key;
    extractorId = tenant.extractorId;
    pdf = await makeInvoicePdf();
  });
  afterAll(async () => {
    // Whatever was refused, the daemon still answers and queued nothing beyond the accepted uploads.
    expect((await api.call('GET', '/healthz')).status).toBe(200);
    expect((await api.call('GET', '/v1/documents', { key })).body.total).toBe(accepted);
    await api.close();
  });

  const multipart = (boundary: string, body: string | Buffer) =>
    rawRequest(
      api.baseUrl,
      'POST',
      '/v1/documents',
      { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    );

  describe('defect 1: truncated and garbage multipart is a 400, never a crash', () => {
    it("the issue's truncated body (busboy: Unexpected end of form)", async () => {
      const res = await multipart(
        'zz',
        '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 abc\r\n--z',
      );
      expectError(res, 400, 'invalid_request');
    });

    it.each([
      ['a body cut inside the part headers', '--zz\r\nContent-Disposition: form-da'],
      [
        'a body cut after a field',
        `--zz\r\nContent-Disposition: form-data; name="extractor_id"\r\n\r\next_1\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF`,
      ],
      ['garbage without any boundary', 'just some bytes \u0000\u0001\u0002'],
      ['an empty body', ''],
      ['a part without headers', '--zz\r\n\r\n\r\nabc\r\n--zz--\r\n'],
    ])('%s', async (_label, body) => {
      const res = await multipart('zz', body);
      expectError(res, 400, 'invalid_request');
    });

    it('a multipart type without a boundary', async () => {
      const res = await rawRequest(
        api.baseUrl,
        'POST',
        '/v1/documents',
        { authorization: `Bearer ${key}`, 'content-type': 'multipart/form-data' },
        'abc',
      );
      expectError(res, 400, 'invalid_request');
    });

    it('a complete multipart upload still works', async () => {
      const head = `--zz\r\nContent-Disposition: form-data; name="extractor_id"\r\n\r\n${extractorId}\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const res = await multipart(
        'zz',
        Buffer.concat([Buffer.from(head), Buffer.from(pdf), Buffer.from('\r\n--zz--\r\n')]),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      accepted++;
    });
  });

  describe("requests Node's HTTP parser refuses carry the error body too", () => {
    const raw = (text: string) =>
      send(api.baseUrl, {
        kind: 'raw',
        method: 'POST',
        url: '/',
        headers: {},
        body: [],
        raw: Buffer.from(text, 'latin1'),
      });
    const head = 'POST /v1/extractors HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n';
    it.each([
      ['garbage instead of a request line', 'GARBAGE\r\n\r\n', 400, 'invalid_request'],
      ['a broken chunk', `${head}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`, 400, 'invalid_request'],
      [
        'Content-Length and Transfer-Encoding together',
        `${head}Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
        400,
        'invalid_request',
      ],
      ['a head over 16 KB', `${head}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 413, 'payload_too_large'],
    ])('%s', async (_label, text, status, code) => {
      expectError(await raw(text), status, code);
    });
  });

  describe('defect 2: NUL bytes and lone surrogates are refused at the edge', () => {
    it.each([
      ['GET', '/v1/extractors/%00'],
      ['GET', '/v1/extractors/ext_%00x'],
      ['PATCH', '/v1/extractors/%00'],
      ['DELETE', '/v1/extractors/%00'],
      ['POST', '/v1/extractors/%00/duplicate'],
      ['GET', '/v1/documents/%00'],
      ['GET', '/api/email-ingestion/config/%00'],
      ['DELETE', '/api/email-ingestion/config/%00'],
      ['GET', '/api/email-ingestion/messages/%00'],
      ['GET', '/v1/webhooks/endpoints/%00'],
      ['GET', '/v1/erp-connections/%00'],
      ['DELETE', '/v1/api-keys/%00'],
    ])('404 for a path id with NUL: %s %s', async (method, path) => {
      const res = await api.call(method, path, {
        key,
        ...(method === 'PATCH' || method === 'POST' ? { body: {} } : {}),
      });
      expectError(res, 404, 'not_found');
    });

    it('404 for a path id that is not UTF-8 (a lone surrogate percent-encoded)', async () => {
      const res = await api.call('GET', '/v1/extractors/%ED%A0%80', { key });
      expectError(res, 404, 'not_found');
    });

    it.each([
      '/v1/extractors?document_type=%00',
      '/v1/documents?extractor_id=%00',
      '/v1/webhooks/deliveries?endpoint_id=%00',
      '/v1/webhooks/deliveries?event=%00',
      '/api/email-ingestion/messages?prefix=%00',
      '/api/email-ingestion/review?prefix=%00',
      '/v1/documents?metadata[a%00]=b',
    ])('400 for a query value with NUL: %s', async (path) => {
      expectError(await api.call('GET', path, { key }), 400, 'invalid_request');
    });

    it.each([
      ['NUL', '"a\\u0000b"'],
      ['a lone high surrogate', '"a\\ud800"'],
      ['a lone low surrogate', '"\\udc00b"'],
    ])('400 for %s in a JSON string', async (_label, json) => {
      const duplicate = await api.call('POST', `/v1/extractors/${extractorId}/duplicate`, {
        key,
        body: `{"new_name": ${json}}`,
      });
      expectError(duplicate, 400, 'invalid_request');
      const create = await api.call('POST', '/v1/extractors', {
        key,
        body: JSON.stringify({ ...invoiceExtractor(), name: 'x' }).replace('"x"', json),
      });
      expectError(create, 400, 'invalid_request');
      const patch = await api.call('PATCH', '/api/email-ingestion/config/ap', {
        key,
        body: `{"defaultDocumentType": ${json}}`,
      });
      expectError(patch, 400, 'invalid_request');
      // As an object key, too.
      const asKey = await api.call('PATCH', '/api/email-ingestion/config/ap', { key, body: `{${json}: 1}` });
      expectError(asKey, 400, 'invalid_request');
    });

    it('metadata keeps what can be stored and refuses NUL and lone surrogates with 400', async () => {
      const doc = Buffer.from(pdf).toString('base64');
      const submit = (metadataJson: string) =>
        api.call('POST', '/v1/documents', {
          key,
          body: `{"extractor_id": "${extractorId}", "mime_type": "application/pdf", "document": "${doc}", "metadata": ${metadataJson}}`,
        });
      expectError(await submit('{"a": "x\\u0000"}'), 400, 'invalid_request');
      expectError(await submit('{"a\\u0000": "x"}'), 400, 'invalid_request');
      expectError(await submit('{"a": ["\\ud83d"]}'), 400, 'invalid_request');
      // Multipart metadata field, too.
      const head = (metadata: string) =>
        `--zz\r\nContent-Disposition: form-data; name="extractor_id"\r\n\r\n${extractorId}\r\n--zz\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${metadata}\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const viaMultipart = (metadata: string) =>
        multipart('zz', Buffer.concat([Buffer.from(head(metadata)), Buffer.from(pdf), Buffer.from('\r\n--zz--\r\n')]));
      expectError(await viaMultipart('{"a": "\\u0000"}'), 400, 'invalid_request');
      expectError(await viaMultipart('{"a": "\u0000"}'), 400, 'invalid_request');
      // What can be stored is kept as sent: other control characters, astral characters, escapes.
      const kept = { note: 'tab\there \u0001 \u{1F600} \u00e9 "quoted" \\ back', ключ: ['ü', { deep: '\u2028' }] };
      const ok = await submit(JSON.stringify(kept));
      expect(ok.status, JSON.stringify(ok.body)).toBe(202);
      expect(ok.body.metadata).toEqual(kept);
      accepted++;
    });
  });

  describe('defect 3: JSON nesting deeper than 64 is a 400', () => {
    it('PATCH email ingestion config with 50,000 nested objects (the recursive merge patch)', async () => {
      const res = await api.call('PATCH', '/api/email-ingestion/config/ap', {
        key,
        body: `{"attachments": ${nested(50_000, '{"a":', '}', '1')}}`,
      });
      expectError(res, 400, 'invalid_request');
      expect(res.body.error.message).toMatch(/64/);
    });

    it('POST /v1/documents with metadata of 7,000 nested arrays, as JSON and as a multipart field', async () => {
      const metadata = `{"m": ${nested(7_000, '[', ']', '1')}}`;
      const json = await api.call('POST', '/v1/documents', {
        key,
        body: `{"extractor_id": "${extractorId}", "mime_type": "application/pdf", "document": "JVBERi0=", "metadata": ${metadata}}`,
      });
      expectError(json, 400, 'invalid_request');
      const form = `--zz\r\nContent-Disposition: form-data; name="extractor_id"\r\n\r\n${extractorId}\r\n--zz\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${metadata}\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--zz--\r\n`;
      expectError(await multipart('zz', form), 400, 'invalid_request');
    });

    it('depth 64 is accepted, 65 refused', async () => {
      const at = (depth: number) =>
        api.call('POST', '/v1/extractors', {
          key,
          body: `{"name": "n", "document_type": "invoice", "field_definitions": [], "x": ${nested(depth - 1, '[', ']', '1')}}`,
        });
      // Depth 64 passes the edge and reaches the schema (which refuses the unknown member "x" itself).
      const ok = await at(64);
      expectError(ok, 400, 'invalid_request');
      expect(ok.body.error.message).not.toMatch(/nest/i);
      const deep = await at(65);
      expectError(deep, 400, 'invalid_request');
      expect(deep.body.error.message).toMatch(/nest/i);
    });
  });
});
