import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/databases.js';
import { base64, makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeMigratedDataDir,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  sleep,
  startDaemon,
  useProcessCleanup,
  type DaemonProcess,
  type Env,
} from '../support/processes.js';
import { startReceiver, stopAllReceivers, waitFor, type ReceivedRequest, type ReceiverOptions } from './receiver.js';

useProcessCleanup();
afterEach(stopAllReceivers);

/** The default organization's keys from the first-start banner of whichever daemon printed it. */
function bannerKeys(...daemons: DaemonProcess[]): { live: string; test: string } {
  const out = daemons.map((d) => d.stdout()).join('\n');
  const live = /^ {2}live key: +(sk_live_\S+)$/m.exec(out)?.[1];
  const test = /^ {2}test key: +(sk_test_\S+)$/m.exec(out)?.[1];
  if (!live || !test) throw new Error(`no first-start banner in:\n${out}`);
  return { live, test };
}

/** The committed self-signed test cert, copied into a temp dir by the receiver, for WEBHOOK_CA_FILE. */
async function makeCert(): Promise<{ certDir: string; certFile: string }> {
  const certDir = makeTempDir('intake-wh-cert-');
  const probe = await startReceiver({ secret: 'unused', certDir });
  await probe.stop();
  return { certDir, certFile: probe.certFile };
}

/** Registers an endpoint through `httpUrl`, starts a receiver holding its secret on a port of its own choosing, and points the endpoint there. */
async function endpointWithReceiver(
  httpUrl: string,
  key: string,
  certDir: string,
  options: Omit<ReceiverOptions, 'secret' | 'certDir' | 'port'>,
) {
  const created = await api(httpUrl, 'POST', '/v1/webhooks/endpoints', {
    key,
    body: { url: 'https://127.0.0.1:1/hook', events: ['job.completed'] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const receiver = await startReceiver({ ...options, secret: created.body.secret, certDir });
  expect(
    (await api(httpUrl, 'PATCH', `/v1/webhooks/endpoints/${created.body.id}`, { key, body: { url: receiver.url } }))
      .status,
  ).toBe(200);
  return receiver;
}

/** Test-mode jobs (`key`) with an extractor made by `liveKey` (extractors are shared configuration, changed by live keys). */
async function submitTestJobs(httpUrls: string[], key: string, liveKey: string, n: number): Promise<string[]> {
  const extractor = await api(httpUrls[0]!, 'POST', '/v1/extractors', {
    key: liveKey,
    body: {
      name: 'Invoices',
      document_type: 'invoice',
      field_definitions: [{ name: 'total_amount', type: 'currency', required: true, description: 'Total' }],
    },
  });
  expect(extractor.status).toBe(201);
  const document = base64(await makeInvoicePdf());
  const ids: string[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, (_, j) =>
        api(httpUrls[(i + j) % httpUrls.length]!, 'POST', '/v1/documents', {
          key,
          body: { extractor_id: extractor.body.id, document, mime_type: 'application/pdf', metadata: { n: i + j } },
        }),
      ),
    );
    for (const res of batch) {
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      ids.push(res.body.id);
    }
  }
  return ids;
}

const byDelivery = (log: ReceivedRequest[]) => {
  const map = new Map<string, ReceivedRequest[]>();
  for (const r of log)
    map.set(r.headers['x-service-delivery']!, [...(map.get(r.headers['x-service-delivery']!) ?? []), r]);
  return map;
};

describe('webhook deliveries across daemon processes', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('a daemon restarted mid-schedule sends attempt 2 on time (>= 5 s after attempt 1), once', async () => {
    const { certDir, certFile } = await makeCert();
    const env: Env = {
      DATA_DIR: makeMigratedDataDir('intake-wh-data-'),
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_CA_FILE: certFile,
      WEBHOOK_POLL_MS: '100',
      WORKER_POLL_MS: '100',
    };
    const first = await startDaemon(env);
    const keys = bannerKeys(first);
    const receiver = await endpointWithReceiver(first.httpUrl, keys.live, certDir, {
      failFirst: 1,
      failMode: 'status',
    });
    const [jobId] = await submitTestJobs([first.httpUrl], keys.test, keys.live, 1);
    const [failed] = await waitFor(
      'attempt 1',
      async () => {
        const log = await receiver.log();
        return log.length > 0 && log;
      },
      30_000,
    );
    expect(failed).toMatchObject({
      action: 'fail-status',
      signature_ok: true,
      json: { event: 'job.completed', data: { id: jobId } },
    });
    const deliveryId = failed!.headers['x-service-delivery']!;
    // Stop at once, well inside the 5 s wait, and come back on the same data directory.
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const stoppedAfter = Date.now() / 1000 - failed!.t;
    const second = await startDaemon(env);
    const restartedAfter = Date.now() / 1000 - failed!.t;
    const log = await waitFor(
      'attempt 2',
      async () => {
        const l = await receiver.log();
        return l.length > 1 && l;
      },
      30_000,
    );
    expect(log.map((r) => [r.headers['x-service-delivery'], r.action])).toEqual([
      [deliveryId, 'fail-status'],
      [deliveryId, 'ok'],
    ]);
    const gap = log[1]!.t - log[0]!.t;
    expect(gap).toBeGreaterThanOrEqual(4.999);
    // The receiver logs a request before it answers: wait for the daemon to record the answer.
    const detail = await waitFor('attempt 2 recorded', async () => {
      const d = (await api(second.httpUrl, 'GET', `/v1/webhooks/deliveries/${deliveryId}`, { key: keys.test })).body;
      return d.attempts.length > 1 && d;
    });
    expect(detail).toMatchObject({ status: 'succeeded', attempt_count: 2, chain: 1, next_attempt_at: null });
    expect(detail.attempts.map((a: { attempt: number; status_code: number }) => [a.attempt, a.status_code])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    expect(
      Date.parse(detail.attempts[1].started_at) - Date.parse(detail.attempts[0].started_at),
    ).toBeGreaterThanOrEqual(5000);
    // Nothing more arrives: each attempt was sent once (a bounded window in which a repeat would arrive).
    await sleep(1500);
    expect(await receiver.log()).toHaveLength(2);
    console.log(
      `restart: stopped ${stoppedAfter.toFixed(2)} s and ready again ${restartedAfter.toFixed(2)} s after attempt 1; attempt 2 came ${gap.toFixed(3)} s after attempt 1`,
    );
    await second.stop('SIGTERM');
    await stopAllReceivers();
  });

  it('two daemons on one PostgreSQL never send the same attempt twice (50 events, 10 of them retried)', async () => {
    const EVENTS = 50;
    const FAILING = 10;
    const { certDir, certFile } = await makeCert();
    const databaseUrl = await createPostgresDatabase({ migrated: false });
    const env = (name: string): Env => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: makeTempDir(`intake-wh-${name}-`),
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_CA_FILE: certFile,
      WEBHOOK_POLL_MS: '50',
      WORKER_POLL_MS: '100',
      WORKER_CONCURRENCY: '4',
    });
    const daemons = await Promise.all([startDaemon(env('a')), startDaemon(env('b'))]);
    const keys = bannerKeys(...daemons);
    const urls = daemons.map((d) => d.httpUrl);
    const receiver = await endpointWithReceiver(urls[0]!, keys.live, certDir, {
      failFirst: FAILING,
      failMode: 'status',
    });
    const jobs = await submitTestJobs(urls, keys.test, keys.live, EVENTS);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      // Every delivery recorded as succeeded (the receiver logs before it answers, so ask the database).
      await waitFor(
        `${EVENTS} succeeded deliveries`,
        async () => {
          const { rows } = await db.query(
            `select count(*)::int as n from webhook_deliveries where status = 'succeeded'`,
          );
          return rows[0].n >= EVENTS;
        },
        90_000,
        200,
      );
      const states = await db.query(`select status, count(*)::int as n from webhook_deliveries group by status`);
      expect(states.rows).toEqual([{ status: 'succeeded', n: EVENTS }]);
      const attempts = await db.query(
        `select delivery_id, chain, attempt, success from webhook_attempts order by delivery_id, chain, attempt`,
      );
      expect(attempts.rows).toHaveLength(EVENTS + FAILING);
    } finally {
      await db.end();
    }
    // Nothing more arrives later: each attempt went out once, from one of the two daemons (a bounded
    // window, about 30 polls of each daemon, in which a repeat would arrive).
    await sleep(1500);
    const final = await receiver.log();
    expect(final).toHaveLength(EVENTS + FAILING);
    expect(final.every((r) => r.signature_ok)).toBe(true);
    const deliveries = byDelivery(final);
    expect(deliveries.size).toBe(EVENTS);
    for (const [id, requests] of deliveries) {
      const actions = requests.map((r) => r.action);
      // Exactly one 200 per delivery; a failed first attempt is followed by one retry >= 5 s later.
      expect(
        actions.filter((a) => a === 'ok'),
        id,
      ).toHaveLength(1);
      expect([['ok'], ['fail-status', 'ok']], id).toContainEqual(actions);
      if (requests.length === 2) expect(requests[1]!.t - requests[0]!.t).toBeGreaterThanOrEqual(4.999);
    }
    expect(final.filter((r) => r.action === 'fail-status')).toHaveLength(FAILING);
    expect(new Set(final.map((r) => r.json.data.id))).toEqual(new Set(jobs));
    await Promise.all(daemons.map((d) => d.stop('SIGTERM')));
    await stopAllReceivers();
  });
});
