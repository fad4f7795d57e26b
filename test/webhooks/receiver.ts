/**
 * The project's own HTTPS webhook receiver for tests, in this process: a Node `https` server on
 * loopback with the committed self-signed test certificate (test/fixtures/tls, for localhost and
 * 127.0.0.1), which checks X-Service-Signature with its own HMAC (node:crypto, not the code under
 * test) and fails on purpose when told to. Like examples/webhook-receiver.ts it verifies the raw
 * bytes before parsing; unlike it, it logs every request for the test to read.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { TEST_CERT_FILE, TEST_KEY_FILE } from '../support/test-cert.js';
import { eventually } from '../support/wait.js';

export type FailMode = 'status' | 'timeout' | 'reset';

/** One request as the receiver logged it; header names lower-cased. */
export interface ReceivedRequest {
  seq: number;
  /** Seconds since the epoch, when the request was read. */
  t: number;
  path: string;
  headers: Record<string, string>;
  bytes: number;
  body_sha256: string;
  json: any;
  signature_ok: boolean;
  reason: string;
  /** ok, reject401, fail-status, fail-timeout or fail-reset. */
  action: string;
}

export interface ReceiverOptions {
  /** The secret(s) a valid signature may be made with (several during a rotation). */
  secret: string | string[];
  /** Where cert.pem and key.pem are copied, for tests that hand the CA file to a daemon. */
  certDir: string;
  /** 0 (default): any free port. */
  port?: number;
  /** Fail the first N validly signed requests with `failMode`. */
  failFirst?: number;
  failMode?: FailMode;
  /** Status of a `status` failure (default 503). */
  failStatus?: number;
  /** Seconds a `timeout` failure waits before answering 504 (default 30). */
  timeoutSleep?: number;
  /** Status of a success (default 200). */
  okStatus?: number;
}

export interface Receiver {
  url: string;
  port: number;
  /** The self-signed certificate: the CA file a sender must trust. */
  certFile: string;
  /** GET-free access to the log (a copy). */
  log(): Promise<ReceivedRequest[]>;
  /** Clears the log and re-arms the failures. */
  reset(fail: number, mode?: FailMode, status?: number): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<Receiver>();

/** Lower-case hex of exactly 64 digits, checked against each secret in constant time. */
function checkSignature(secrets: string[], body: Buffer, header: string | undefined): { ok: boolean; reason: string } {
  if (header === undefined) return { ok: false, reason: 'missing X-Service-Signature' };
  const presented = header.trim();
  if (!/^[0-9a-f]{64}$/.test(presented)) return { ok: false, reason: 'not 64 lowercase hex chars' };
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(body).digest();
    if (timingSafeEqual(expected, Buffer.from(presented, 'hex'))) return { ok: true, reason: 'ok' };
  }
  return { ok: false, reason: 'mismatch' };
}

function resetTcp(socket: import('node:net').Socket): void {
  const tcp = (socket as { _parent?: import('node:net').Socket })._parent;
  if (tcp) tcp.resetAndDestroy();
  else socket.destroy();
}

/** Copies the test certificate into `certDir` (once) and returns the paths there. */
function placeCert(certDir: string): { certFile: string; keyFile: string } {
  fs.mkdirSync(certDir, { recursive: true });
  const certFile = path.join(certDir, 'cert.pem');
  const keyFile = path.join(certDir, 'key.pem');
  if (!fs.existsSync(certFile)) fs.copyFileSync(TEST_CERT_FILE, certFile);
  if (!fs.existsSync(keyFile)) fs.copyFileSync(TEST_KEY_FILE, keyFile);
  return { certFile, keyFile };
}

export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const secrets = Array.isArray(options.secret) ? options.secret : [options.secret];
  const { certFile, keyFile } = placeCert(options.certDir);
  const state = {
    log: [] as ReceivedRequest[],
    failLeft: options.failFirst ?? 0,
    mode: options.failMode ?? 'status',
    status: options.failStatus ?? 503,
  };
  const timers = new Set<NodeJS.Timeout>();

  const reply = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    const data = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }).end(data);
  };

  const server = https.createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const signature = req.headers['x-service-signature'];
      const { ok, reason } = checkSignature(secrets, body, Array.isArray(signature) ? signature[0] : signature);
      let action = 'ok';
      if (!ok) action = 'reject401';
      else if (state.failLeft > 0) {
        state.failLeft -= 1;
        action = `fail-${state.mode}`;
      }
      let json: unknown = null;
      try {
        json = body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
      } catch {
        json = null;
      }
      const seq = state.log.length + 1;
      state.log.push({
        seq,
        t: Math.round(Date.now()) / 1000,
        path: req.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        ),
        bytes: body.length,
        body_sha256: createHash('sha256').update(body).digest('hex'),
        json,
        signature_ok: ok,
        reason,
        action,
      });
      if (action === 'reject401') return reply(res, 401, { error: 'bad signature', reason });
      // A TCP reset with no answer at all, as a crashed receiver or a middlebox would give. The TLS
      // socket's own handle cannot reset (ERR_INVALID_HANDLE_TYPE): reset the TCP socket beneath it.
      if (action === 'fail-reset') return void resetTcp(req.socket);
      if (action === 'fail-timeout') {
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            if (!res.destroyed) reply(res, 504, { error: 'slow on purpose' });
          },
          (options.timeoutSleep ?? 30) * 1000,
        );
        timers.add(timer);
        return;
      }
      if (action === 'fail-status') return reply(res, state.status, { error: 'failing on purpose', seq });
      return reply(res, options.okStatus ?? 200, { ok: true, seq });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as import('node:net').AddressInfo).port;

  const receiver: Receiver = {
    url: `https://127.0.0.1:${port}/hook`,
    port,
    certFile,
    log: async () => state.log.map((r) => ({ ...r, headers: { ...r.headers } })),
    reset: async (fail, mode = 'status', status = 503) => {
      state.log = [];
      state.failLeft = fail;
      state.mode = mode;
      state.status = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        running.delete(receiver);
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  running.add(receiver);
  return receiver;
}

/** Stops every receiver this process started. */
export async function stopAllReceivers(): Promise<void> {
  await Promise.all([...running].map((r) => r.stop()));
}

/** Polls `probe` until it returns a value other than undefined/false; fails after `timeoutMs` (test/support/wait.ts). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
  everyMs = 50,
): Promise<T> {
  const found = await eventually(
    what,
    async () => {
      const value = await probe();
      // Boxed: a value such as 0 or '' is an answer too, where eventually wants a truthy one.
      return value !== undefined && value !== false ? { value } : undefined;
    },
    { timeoutMs, intervalMs: everyMs },
  );
  return found.value;
}
