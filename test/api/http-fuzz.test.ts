import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookTransport } from '@intake/core';
import { createHttpsTransport } from '@intake/webhook-https';
import { uploadJsonBytes } from '@intake/daemon';
import { DB_KINDS } from '../support/databases.js';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';
import { base64, makeInvoicePdf } from '../support/fixtures.js';
import { failOnEscapedErrors } from './escaped-errors.js';
import { malformedRequests, type KnownIds, type Operation } from './fuzz/malformed-requests.js';
import { closeAgent, operationsOf, send, type RawResponse } from './fuzz/operations.js';

/**
 * The HTTP fuzz suite (issue 13): every operation of GET /v1/openapi.json receives malformed
 * requests (invalid, truncated, mistyped, hostile, deep, huge, oversized and chunked bodies, bad
 * ids, out-of-range queries, wrong content types and credentials). No answer may be a 5xx, every
 * 4xx carries the error body, and the daemon answers normally afterwards.
 *
 * FUZZ_RUNS sets the requests per kind of malformation and operation (default 3, with the fixed
 * seed FUZZ_SEED, default 13); e.g. FUZZ_RUNS=100 for a long run. The counts by kind and status are
 * printed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 13);
const MAX_BODY_BYTES = 1_048_576;

/** Webhook and ERP calls go to loopback only: a fuzzed URL never leaves the machine. */
function loopbackOnlyTransport(): WebhookTransport & { close(): void } {
  const real = createHttpsTransport({ allowedHosts: ['127.0.0.1', 'localhost'] });
  const loopback = (url: string) => {
    try {
      return ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);
    } catch {
      return false;
    }
  };
  return {
    checkDestination: async (url) =>
      loopback(url) ? real.checkDestination(url) : 'only loopback is reachable in this test',
    send: async (request) =>
      loopback(request.url)
        ? real.send(request)
        : { statusCode: null, durationMs: 0, responseBody: null, error: 'only loopback is reachable in this test' },
    close: () => real.close(),
  };
}

/** Checks one answer; returns a message for what is wrong, or null. */
function problemWith(res: RawResponse): string | null {
  if (res.status >= 500) return `a ${res.status}`;
  if (res.status < 400) return null;
  const error = (res.body as { error?: Record<string, unknown> } | undefined)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || error.status !== res.status) {
    return `a ${res.status} without the error body {"error": {"code", "message", "status"}}`;
  }
  return null;
}

failOnEscapedErrors();

describe.each(DB_KINDS)('HTTP fuzz on %s', (kind) => {
  let api: ApiHarness;
  let transport: ReturnType<typeof loopbackOnlyTransport>;
  let keys: { live_key: string; test_key: string };
  let operations: Operation[];
  const ids: KnownIds = {};
  const counts = new Map<string, number>();

  beforeAll(async () => {
    transport = loopbackOnlyTransport();
    api = await startApi(kind, { webhookTransport: transport, maxDocumentBytes: MAX_BODY_BYTES });
    keys = await api.createOrg({ rate_limit_per_minute: 1_000_000, credits: 10 });
    const call = (method: string, path: string, body?: unknown) => api.call(method, path, { key: keys.live_key, body });
    // Things that exist, so that fuzzed bodies also reach handlers behind an existing id.
    const extractor = (await call('POST', '/v1/extractors', invoiceExtractor())).body;
    await call('POST', '/api/email-ingestion/config', { emailPrefix: 'ap', defaultDocumentType: 'invoice' });
    const job = (
      await api.call('POST', '/v1/documents', {
        key: keys.test_key,
        body: { extractor_id: extractor.id, document: base64(await makeInvoicePdf()), mime_type: 'application/pdf' },
      })
    ).body;
    Object.assign(ids, { extractor_id: [extractor.id], prefix: ['ap'], job_id: [job.id], org_id: [extractor.org_id] });
    const doc = (await api.call('GET', '/v1/openapi.json')).body;
    operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(30);
  });

  afterAll(async () => {
    await api?.close();
    transport?.close();
    closeAgent();
  });

  it('answers every malformed request with a 4xx and the error body, never a 5xx', { timeout: 600_000 }, async () => {
    let planned = 0;
    const tally = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const [index, operation] of operations.entries()) {
      const kinds = malformedRequests({
        operation,
        key: keys.live_key,
        testKey: keys.test_key,
        ids,
        limits: { maxBodyBytes: MAX_BODY_BYTES, maxUploadJsonBytes: uploadJsonBytes(MAX_BODY_BYTES) },
      });
      for (const [kindIndex, arbitrary] of kinds.entries()) {
        planned += RUNS;
        await fc.assert(
          fc.asyncProperty(arbitrary, async (req) => {
            const res = await send(api.baseUrl, req);
            tally(`status ${res.status}`);
            tally(`kind ${req.kind}`);
            const problem = problemWith(res);
            if (problem)
              throw new Error(
                `${req.method} ${req.url.slice(0, 300)} (${req.kind}) got ${problem}: ${res.text.slice(0, 500)}`,
              );
          }),
          // One seed per operation and kind: adding a route or a kind does not change what the others receive.
          { seed: SEED + index * 100 + kindIndex, numRuns: RUNS, endOnFailure: true },
        );
      }
    }
    const total = [...counts].filter(([k]) => k.startsWith('status ')).reduce((sum, [, n]) => sum + n, 0);
    const line = (prefix: string) =>
      [...counts]
        .filter(([k]) => k.startsWith(prefix))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, n]) => `${k.slice(prefix.length)}: ${n}`)
        .join(', ');
    process.stderr.write(
      `HTTP fuzz on ${kind} (seed ${SEED}, ${RUNS} per kind and operation, ${operations.length} operations): ${total} requests; by status ${line('status ')}; by kind ${line('kind ')}\n`,
    );
    expect(total).toBe(planned);
  });

  it('is still healthy afterwards, and still serves ordinary requests', async () => {
    expect((await api.call('GET', '/healthz')).status).toBe(200);
    expect((await api.call('GET', '/readyz')).status).toBe(200);
    const created = await api.call('POST', '/v1/extractors', {
      key: keys.live_key,
      body: invoiceExtractor('After the fuzz'),
    });
    expect(created.status).toBe(201);
    expect((await api.call('GET', `/v1/extractors/${created.body.id}`, { key: keys.live_key })).status).toBe(200);
  });
});
