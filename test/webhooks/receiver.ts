/**
 * `../shared/tools/webhook-receiver.py` as a child process: an HTTPS receiver on loopback that checks
 * X-Service-Signature and fails on purpose when told to. Tests skip themselves (with the reason)
 * when python3, openssl or the script is missing: see `receiverUnavailable()`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RECEIVER_PY = fileURLToPath(new URL('../../../shared/tools/webhook-receiver.py', import.meta.url));

/** Why the receiver cannot run here, or null when it can. */
export function receiverUnavailable(): string | null {
  if (!fs.existsSync(RECEIVER_PY)) return `${RECEIVER_PY} is missing`;
  if (spawnSync('python3', ['--version']).status !== 0) return 'python3 is not installed';
  if (spawnSync('openssl', ['version']).status !== 0) return 'the openssl CLI is not installed';
  return null;
}

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
  secret: string | string[];
  /** Where --make-cert creates (or reuses) cert.pem and key.pem. */
  certDir: string;
  /** 0 (default): any free port, read back from the receiver. */
  port?: number;
  failFirst?: number;
  failMode?: 'status' | 'timeout' | 'reset';
  failStatus?: number;
  timeoutSleep?: number;
  okStatus?: number;
}

export interface Receiver {
  url: string;
  port: number;
  /** The self-signed certificate: the CA file a sender must trust. */
  certFile: string;
  logFile: string;
  /** GET /__log. */
  log(): Promise<ReceivedRequest[]>;
  /** POST /__reset: clears the log and re-arms the failures. */
  reset(fail: number, mode?: 'status' | 'timeout' | 'reset', status?: number): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const logFile = path.join(options.certDir, `log-${Date.now()}-${Math.random().toString(36).slice(2)}.jsonl`);
  const secrets = Array.isArray(options.secret) ? options.secret : [options.secret];
  const args = ['-u', RECEIVER_PY, '--make-cert', options.certDir, '--port', String(options.port ?? 0), '--log', logFile];
  for (const s of secrets) args.push('--secret', s);
  if (options.failFirst) args.push('--fail-first', String(options.failFirst), '--fail-mode', options.failMode ?? 'status');
  if (options.failStatus) args.push('--fail-status', String(options.failStatus));
  if (options.timeoutSleep !== undefined) args.push('--timeout-sleep', String(options.timeoutSleep));
  if (options.okStatus) args.push('--ok-status', String(options.okStatus));
  const child = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const listening = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`webhook-receiver.py did not start\n${out}\n${err}`)), 15_000);
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const match = /"listening": "([^"]+)"/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`webhook-receiver.py exited ${code}\n${out}\n${err}`));
    });
  });
  const port = Number(new URL(listening).port);
  const certFile = path.join(options.certDir, 'cert.pem');
  const ca = fs.readFileSync(certFile);
  const control = (method: string, urlPath: string) =>
    new Promise<any>((resolve, reject) => {
      const req = https.request({ host: '127.0.0.1', port, path: urlPath, method, ca, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve(JSON.parse(body)));
      });
      req.on('error', reject);
      req.end();
    });
  return {
    url: `https://127.0.0.1:${port}/hook`,
    port,
    certFile,
    logFile,
    log: async () =>
      ((await control('GET', '/__log')) as ReceivedRequest[]).map((r) => ({
        ...r,
        headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v])),
      })),
    reset: (fail, mode = 'status', status = 503) => control('POST', `/__reset?fail=${fail}&mode=${mode}&status=${status}`),
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Kills every receiver this process started. */
export async function stopAllReceivers(): Promise<void> {
  await Promise.all([...running].map(stopChild));
}

process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Polls `probe` until it returns a value other than undefined/false; fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
