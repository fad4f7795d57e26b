import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, verifyWebhookSignature, type WebhookTransport } from '@intake/core';
import { WebhookSender } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';
import { WebhookWorkers } from '../../daemon/src/workers/webhook-workers.js';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';
import { base64, makeInvoicePdf } from '../support/fixtures.js';
import { startReceiver, stopAllReceivers, waitFor, type ReceiverOptions } from './receiver.js';

/** The spec's `data` of job.completed. */
const JOB_COMPLETED_FIELDS = [
  'id',
  'org_id',
  'extractor_id',
  'status',
  'extracted_data',
  'confidence',
  'processing_time_ms',
  'cost_credits',
  'metadata',
  'created_at',
  'completed_at',
];
/** WEBHOOK_TIMEOUT_MS for these tests: short, so timeouts cost a second, not five. */
const TIMEOUT_MS = 1000;

type Org = { org_id: string; live_key: string; test_key: string };

describe('webhook delivery over HTTPS to the test receiver', () => {
  let api: ApiHarness;
  let certDir: string;
  let caFile: string;
  let transport: WebhookTransport & { close(): void };
  let pdf: string;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-webhooks-'));
    // The first receiver copies the test certificate into certDir; later receivers reuse it.
    const first = await startReceiver({ secret: 'unused', certDir });
    caFile = first.certFile;
    await first.stop();
    transport = createHttpsTransport({ allowedHosts: ['127.0.0.1'], caFile });
    api = await startApi('postgres', { webhookTransport: transport, webhookTimeoutMs: TIMEOUT_MS });
    pdf = base64(await makeInvoicePdf());
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await stopAllReceivers();
  });
  afterAll(async () => {
    await api?.close();
    transport?.close();
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  /** The daemon's sender and worker loop over the harness database; stopped after the test. */
  function workers(
    options: {
      transport?: WebhookTransport;
      timeoutMs?: number;
      concurrency?: number;
      perEndpoint?: number;
      start?: boolean;
    } = {},
  ) {
    const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
    const sender = new WebhookSender({
      store: api.intake.stores.webhooks,
      transport: options.transport ?? transport,
      clock: systemClock,
      ids: api.intake.ids,
      options: { timeoutMs, leaseMs: timeoutMs * 6 },
    });
    const loop = new WebhookWorkers(sender, pino({ level: 'silent' }), {
      concurrency: options.concurrency ?? 16,
      perEndpoint: options.perEndpoint ?? 4,
      pollMs: 50,
    });
    if (options.start !== false) loop.start();
    cleanups.push(() => loop.stop());
    return { sender, loop };
  }

  /**
   * An endpoint for `org` and a receiver that checks its secret. The receiver picks its own port (a
   * port probed free could be taken before it binds), and the endpoint's URL is then set to it.
   */
  async function endpointWithReceiver(org: Org, receiver: Omit<ReceiverOptions, 'secret' | 'certDir' | 'port'> = {}) {
    const endpoint = await addEndpoint(org, 'https://127.0.0.1:1/hook');
    const started = await startReceiver({ ...receiver, secret: endpoint.secret, certDir });
    expect(
      (
        await api.call('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, {
          key: org.live_key,
          body: { url: started.url },
        })
      ).status,
    ).toBe(200);
    return { endpoint: { ...endpoint, url: started.url }, secret: endpoint.secret, receiver: started };
  }

  /** An endpoint for job.completed at `url`; deleting it after the test ends its retries. */
  async function addEndpoint(org: Org, url: string): Promise<{ id: string; url: string; secret: string }> {
    const created = await api.call('POST', '/v1/webhooks/endpoints', {
      key: org.live_key,
      body: { url, events: ['job.completed'] },
    });
    expect(created.status).toBe(201);
    cleanups.push(() => api.call('DELETE', `/v1/webhooks/endpoints/${created.body.id}`, { key: org.live_key }));
    return created.body;
  }

  /** A Node HTTPS server with the test certificate, closed after the test. */
  async function tlsServer(handler: http.RequestListener): Promise<{ url: string }> {
    const server = https.createServer(
      { cert: fs.readFileSync(caFile), key: fs.readFileSync(path.join(certDir, 'key.pem')) },
      handler,
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => (server.close(resolve), server.closeAllConnections())));
    return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  /** Submits `n` test-mode jobs and runs them to completion: `n` job.completed events. */
  async function completeJobs(org: Org, n = 1, metadata: Record<string, unknown> = {}) {
    const extractor = await api.call('POST', '/v1/extractors', { key: org.live_key, body: invoiceExtractor() });
    const jobs = [];
    for (let i = 0; i < n; i++) {
      const res = await api.call('POST', '/v1/documents', {
        key: org.test_key,
        body: { extractor_id: extractor.body.id, document: pdf, mime_type: 'application/pdf', metadata },
      });
      expect(res.status).toBe(202);
      jobs.push(res.body as { id: string; extractor_id: string });
    }
    await api.runJobs();
    return jobs;
  }

  // The deliveries of test-mode jobs: the test key sees them (a key sees its own mode's deliveries).
  const detail = async (org: Org, id: string) =>
    (await api.call('GET', `/v1/webhooks/deliveries/${id}`, { key: org.test_key })).body;
  /** The organization's one delivery, once the worker has dispatched its event. */
  const only = async (org: Org) => {
    const list = await waitFor('the delivery', async () => {
      const body = (await api.call('GET', '/v1/webhooks/deliveries', { key: org.test_key })).body;
      // The page and the count are two reads: wait until both see the delivery.
      return body.total > 0 && body.deliveries.length > 0 && body;
    });
    expect(list.total).toBe(1);
    return list.deliveries[0] as { id: string };
  };
  const attempted = (org: Org, id: string, count: number) =>
    waitFor(`${count} recorded attempt(s)`, async () => {
      const d = await detail(org, id);
      return d.attempts.length >= count && d;
    });

  it('(a) a completed job reaches the receiver signed, with the event headers, envelope and spec data', async () => {
    const org = await api.createOrg();
    const { secret, receiver } = await endpointWithReceiver(org);
    workers();
    const [job] = await completeJobs(org, 1, { order: 'PO-7' });
    const [req] = await waitFor('the delivery', async () =>
      (await receiver.log()).length > 0 ? receiver.log() : undefined,
    );
    expect(req).toMatchObject({ signature_ok: true, action: 'ok', path: '/hook' });
    expect(req!.headers).toMatchObject({
      'x-service-event': 'job.completed',
      'x-service-delivery': expect.stringMatching(/^whd_/),
      'x-service-signature': expect.stringMatching(/^[0-9a-f]{64}$/),
      'content-type': 'application/json',
    });
    const event = (await api.intake.stores.outbox.list(org.org_id, { event: 'job.completed' }))[0]!;
    expect(Object.keys(req!.json).sort()).toEqual(['created_at', 'data', 'event', 'id']);
    expect(req!.json).toMatchObject({ id: event.id, event: 'job.completed', created_at: event.created_at });
    expect(Object.keys(req!.json.data)).toEqual(expect.arrayContaining(JOB_COMPLETED_FIELDS));
    expect(req!.json.data).toMatchObject({
      id: job!.id,
      org_id: org.org_id,
      extractor_id: job!.extractor_id,
      status: 'completed',
      cost_credits: 0,
      metadata: { order: 'PO-7' },
    });
    // The bytes received are the stored payload, and its signature verifies with the endpoint's secret.
    const deliveryId = req!.headers['x-service-delivery']!;
    const stored = (await api.intake.stores.webhooks.getDelivery(org.org_id, 'test', deliveryId))!;
    expect(createHash('sha256').update(stored.payload).digest('hex')).toBe(req!.body_sha256);
    expect(verifyWebhookSignature(stored.payload, req!.headers['x-service-signature'], secret)).toBe(true);
    const done = await waitFor('succeeded', async () =>
      (await detail(org, deliveryId)).status === 'succeeded' ? detail(org, deliveryId) : undefined,
    );
    expect(done.attempts).toMatchObject([
      {
        chain: 1,
        attempt: 1,
        status_code: 200,
        success: true,
        error: null,
        response_body: expect.stringContaining('"ok":true'),
      },
    ]);

    // The receiver answers 200 only to a valid signature: after a rotation it still holds the old secret.
    const endpointId = (await api.call('GET', '/v1/webhooks/endpoints', { key: org.live_key })).body.endpoints[0].id;
    await api.call('POST', `/v1/webhooks/endpoints/${endpointId}/rotate-secret`, { key: org.live_key });
    await completeJobs(org);
    const rejected = await waitFor('the second delivery', async () => (await receiver.log())[1]);
    expect(rejected).toMatchObject({ signature_ok: false, action: 'reject401', reason: 'mismatch' });
    expect((await attempted(org, rejected.headers['x-service-delivery']!, 1)).attempts[0]).toMatchObject({
      status_code: 401,
      success: false,
      error: 'receiver answered 401',
    });
  });

  it('(b) a 503 on attempt 1 is retried: attempt 2 succeeds at least 5 s later', async () => {
    const org = await api.createOrg();
    const { receiver } = await endpointWithReceiver(org, { failFirst: 1, failMode: 'status' });
    workers();
    await completeJobs(org);
    const id = (await only(org)).id;
    const done = await waitFor(
      'attempt 2',
      async () => ((await detail(org, id)).status === 'succeeded' ? detail(org, id) : undefined),
      15_000,
      100,
    );
    expect(done).toMatchObject({ status: 'succeeded', attempt_count: 2, chain: 1, next_attempt_at: null });
    const [first, second] = done.attempts;
    expect(first).toMatchObject({
      attempt: 1,
      status_code: 503,
      success: false,
      error: 'receiver answered 503',
      response_body: expect.stringContaining('failing on purpose'),
    });
    expect(second).toMatchObject({ attempt: 2, status_code: 200, success: true });
    expect(Date.parse(second.started_at) - Date.parse(first.started_at)).toBeGreaterThanOrEqual(5000);
    expect(Date.parse(second.started_at) - Date.parse(first.started_at)).toBeLessThan(5000 + 2000);
    const log = await receiver.log();
    expect(log.map((r) => [r.headers['x-service-delivery'], r.action])).toEqual([
      [id, 'fail-status'],
      [id, 'ok'],
    ]);
    expect(log[1]!.t - log[0]!.t).toBeGreaterThanOrEqual(4.999);
  });

  it('(c) a receiver slower than WEBHOOK_TIMEOUT_MS is a failed attempt with a timeout error', async () => {
    const org = await api.createOrg();
    await endpointWithReceiver(org, { failFirst: 1, failMode: 'timeout', timeoutSleep: 3 });
    workers();
    await completeJobs(org);
    const id = (await only(org)).id;
    const d = await attempted(org, id, 1);
    expect(d.attempts[0]).toMatchObject({
      attempt: 1,
      status_code: null,
      success: false,
      error: `no answer within ${TIMEOUT_MS} ms`,
      response_body: null,
    });
    expect(d.attempts[0].duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(d.attempts[0].duration_ms).toBeLessThan(TIMEOUT_MS + 1000);
    expect(d).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect(Date.parse(d.next_attempt_at) - Date.parse(d.attempts[0].started_at)).toBeGreaterThanOrEqual(
      5000 + TIMEOUT_MS - 5,
    );
  });

  it('(c) a dropped connection (reset) is a recorded failure', async () => {
    const org = await api.createOrg();
    const { receiver } = await endpointWithReceiver(org, { failFirst: 1, failMode: 'reset' });
    workers();
    await completeJobs(org);
    const id = (await only(org)).id;
    const d = await attempted(org, id, 1);
    expect(d.attempts[0]).toMatchObject({
      attempt: 1,
      status_code: null,
      success: false,
      response_body: null,
      error: expect.stringMatching(/ECONNRESET|socket hang up/),
    });
    expect(d).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect((await receiver.log()).map((r) => r.action)).toEqual(['fail-reset']);
  });

  it('(d) a redirect is not followed and counts as a failure', async () => {
    const org = await api.createOrg();
    const { receiver } = await endpointWithReceiver(org, { okStatus: 302 });
    workers();
    await completeJobs(org);
    const id = (await only(org)).id;
    const d = await attempted(org, id, 1);
    expect(d.attempts[0]).toMatchObject({ status_code: 302, success: false, error: 'redirect (302) not followed' });
    expect(d).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect(await receiver.log()).toHaveLength(1);
  });

  it('(e) POST /v1/webhooks/test reports delivered, status and duration; false against a failing receiver', async () => {
    const org = await api.createOrg();
    const { endpoint, receiver } = await endpointWithReceiver(org, { timeoutSleep: 3 });
    const test = (url = endpoint.url) =>
      api.call('POST', '/v1/webhooks/test', { key: org.live_key, body: { webhook_url: url } });
    const ok = await test();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ delivered: true, status_code: 200, error: null, signed_with: endpoint.id });
    expect(ok.body.duration_ms).toEqual(expect.any(Number));
    expect(ok.body.duration_ms).toBeGreaterThanOrEqual(0);
    expect(ok.body).not.toHaveProperty('test_secret');
    const [sent] = await receiver.log();
    expect(sent).toMatchObject({
      signature_ok: true,
      headers: { 'x-service-event': 'webhook.test' },
      json: { event: 'webhook.test', data: { message: expect.any(String), timestamp: expect.any(String) } },
    });

    await receiver.reset(1, 'status', 500);
    expect((await test()).body).toMatchObject({ delivered: false, status_code: 500, error: 'receiver answered 500' });
    await receiver.reset(1, 'timeout');
    expect((await test()).body).toMatchObject({
      delivered: false,
      status_code: null,
      error: `no answer within ${TIMEOUT_MS} ms`,
    });
    await receiver.reset(1, 'reset');
    expect((await test()).body).toMatchObject({ delivered: false, status_code: null });
    // A URL with no endpoint is signed with the organization's test secret, which this receiver does not hold.
    const unregistered = (await test(endpoint.url.replace('/hook', '/other'))).body;
    expect(unregistered).toMatchObject({
      delivered: false,
      status_code: 401,
      signed_with: 'test_secret',
      test_secret: expect.stringMatching(/^whsec_/),
    });
  });

  it('(f) the self-signed receiver is trusted only through the CA file: without it, a TLS error is recorded', async () => {
    const org = await api.createOrg();
    const { receiver } = await endpointWithReceiver(org);
    const withoutCa = createHttpsTransport({ allowedHosts: ['127.0.0.1'] });
    cleanups.push(async () => withoutCa.close());
    const { loop } = workers({ transport: withoutCa });
    await completeJobs(org);
    const id = (await only(org)).id;
    const d = await attempted(org, id, 1);
    expect(d.attempts[0]).toMatchObject({
      status_code: null,
      success: false,
      error: expect.stringMatching(/self[- ]signed certificate/i),
    });
    expect(await receiver.log()).toEqual([]);
    // The same delivery, replayed through the transport with WEBHOOK_CA_FILE, succeeds.
    await loop.stop();
    workers();
    expect((await api.call('POST', `/v1/webhooks/deliveries/${id}/replay`, { key: org.test_key })).status).toBe(202);
    const done = await waitFor('replay', async () =>
      (await detail(org, id)).status === 'succeeded' ? detail(org, id) : undefined,
    );
    expect(
      done.attempts.map((a: { chain: number; attempt: number; status_code: number | null }) => [
        a.chain,
        a.attempt,
        a.status_code,
      ]),
    ).toEqual([
      [1, 1, null],
      [2, 1, 200],
    ]);
  });

  it('(g) a dead endpoint does not delay another: at most perEndpoint of its attempts in flight', async () => {
    const perEndpoint = 2;
    const timeoutMs = 2000;
    const org = await api.createOrg();
    const dead = await endpointWithReceiver(org, { failFirst: 1000, failMode: 'timeout', timeoutSleep: 5 });
    const { sender, loop } = workers({ timeoutMs, concurrency: 8, perEndpoint, start: false });
    // The dead endpoint's backlog comes first in the queue: more than all the slots there are.
    await completeJobs(org, 12);
    await sender.dispatch();
    const healthy = await endpointWithReceiver(org);
    await completeJobs(org, 4);
    await sender.dispatch();
    loop.start();
    const arrived = await waitFor(
      'the healthy endpoint',
      async () => {
        const log = await healthy.receiver.log();
        return log.length >= 4 && log;
      },
      15_000,
    );
    expect(arrived.every((r) => r.action === 'ok')).toBe(true);
    const lastHealthy = Math.max(...arrived.map((r) => r.t));
    const deadLog = await dead.receiver.log();
    expect(deadLog.length).toBeGreaterThan(0);
    // Every healthy delivery arrived before the first dead attempt could even time out...
    expect(lastHealthy).toBeLessThan(Math.min(...deadLog.map((r) => r.t)) + timeoutMs / 1000);
    // ...and the dead endpoint never held more than perEndpoint slots.
    expect(deadLog.filter((r) => r.t <= lastHealthy).length).toBeLessThanOrEqual(perEndpoint);
  });

  it('(g) two endpoints on one host and port: a dead path does not hold the sockets the other needs', async () => {
    const org = await api.createOrg();
    const server = await tlsServer((req, res) => {
      if (req.url === '/dead') return; // never answers
      res.writeHead(200).end('ok');
    });
    // As the daemon builds it: maxSockets = WEBHOOK_ENDPOINT_CONCURRENCY.
    const shared = createHttpsTransport({ allowedHosts: ['127.0.0.1'], caFile, maxSockets: 2 });
    cleanups.push(async () => shared.close());
    const { sender, loop } = workers({ transport: shared, timeoutMs: 2000, perEndpoint: 2, start: false });
    await addEndpoint(org, `${server.url}/dead`);
    await completeJobs(org, 4);
    await sender.dispatch();
    const healthy = await addEndpoint(org, `${server.url}/ok`);
    await completeJobs(org, 2);
    await sender.dispatch();
    const started = Date.now();
    loop.start();
    const list = () =>
      api
        .call('GET', `/v1/webhooks/deliveries?endpoint_id=${healthy.id}&status=succeeded`, { key: org.test_key })
        .then((r) => r.body.total);
    await waitFor('the healthy path', async () => (await list()) === 2, 10_000);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('records only the first 1 KB of a long answer', async () => {
    const org = await api.createOrg();
    const server = await tlsServer((req, res) =>
      req.resume().on('end', () => res.writeHead(500, { 'content-type': 'text/plain' }).end('x'.repeat(5000))),
    );
    await addEndpoint(org, `${server.url}/long`);
    workers();
    await completeJobs(org);
    const d = await attempted(org, (await only(org)).id, 1);
    expect(d.attempts[0]).toMatchObject({ status_code: 500, success: false, response_body: 'x'.repeat(1024) });
  });
});
