/**
 * The shared MIME corpus (third-party parser test messages: malformed boundaries, nested
 * message/rfc822, 8-bit headers, a 2.9 MB recursion probe...) replayed over SMTP to a real daemon
 * with ../shared/tools/smtp-replay.py (Python's smtplib): once as an MTA would send it (CRLF, no mbox
 * `From ` line) and, for the files where that is not already their own bytes, once `--raw` (the
 * file's bytes: bare LFs, stray CRs). Each message must get a 250
 * or a deliberate 5xx with an enhanced status code; the daemon must stay up; every accepted message
 * gets one record that settles to processed (or failed with its reason); and a processed message
 * lists as many attachments as the corpus manifest's mailparser baseline found.
 *
 * smtp-replay.py prints `ok` rather than the server's 250 text, so each file is sent in a
 * transaction of its own to its own tag (`ap+crlf-7@...`): the record's tag names the file.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  httpStatus,
  makeMigratedDataDir,
  REPO_ROOT,
  startDaemon,
  useFileCleanup,
  type DaemonProcess,
} from '../support/processes.js';
import { setUpDaemonTenant } from '../support/tenant.js';
import { eventually } from '../support/wait.js';

// One daemon takes both replays (the second on top of the first), so children are killed at the end
// of the file rather than after each test as useProcessCleanup() would.
useFileCleanup();

const SHARED = path.resolve(REPO_ROOT, '../shared');
const CORPUS = path.join(SHARED, 'mime-corpus');
const REPLAY = path.join(SHARED, 'tools', 'smtp-replay.py');
const hasPython = spawnSync('python3', ['--version']).status === 0;
const skipReason = !fs.existsSync(path.join(CORPUS, 'manifest.json'))
  ? `no corpus at ${CORPUS} (the shared folder beside the repository)`
  : !fs.existsSync(REPLAY)
    ? `no ${REPLAY}`
    : !hasPython
      ? 'python3 is not installed (smtp-replay.py needs it)'
      : null;
const present = skipReason === null;
if (skipReason) console.warn(`test/email-ingestion/mime-corpus-replay.test.ts skipped: ${skipReason}`);
const DOMAIN = 'example.test';
/** Files sent at once, each over its own connection. */
const PARALLEL_RUNS = 4;
/** Hang guard for one replay (seconds when idle; each connection times out after 120 s). */
const REPLAY_GUARD_MS = 240_000;
/** Hang guard for processing (seconds when idle); not an assertion on speed. */
const SETTLE_GUARD_MS = 150_000;

interface ManifestEntry {
  file: string;
  bytes: number;
  odd: string;
  mailparser_3_9_31: { ok: boolean; attachments: string[]; ms: number };
}

interface MessageView {
  id: string;
  tag: string | null;
  status: 'received' | 'processing' | 'processed' | 'failed';
  size_bytes: number;
  error: { code: string; message: string } | null;
  attachments: {
    filename: string;
    original_filename: string | null;
    size_bytes: number;
    status: string;
    job_id: string | null;
    reason: { code: string } | null;
  }[];
}

interface ReplayLine {
  status: 'OK' | 'REJECT' | 'ERROR';
  file: string;
  code: number;
  text: string;
}

/**
 * The driver: one Python process loads smtp-replay.py as a module and sends each file with the
 * tool's own `send` (its `load`, ESMTP options and result line) to that file's recipient, over a
 * connection of its own, PARALLEL_RUNS at a time. One process for the whole replay rather than one
 * per file: a Python start and smtplib's import cost about 0.15 CPU s, 29 s for the two replays'
 * 191 files. The lines are printed under a lock (the tool prints from its threads).
 */
const DRIVER = `
import argparse, importlib.util, sys, threading
from concurrent.futures import ThreadPoolExecutor
spec = importlib.util.spec_from_file_location('smtp_replay', sys.argv[1])
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)
lock = threading.Lock()
def locked_print(*args, **kwargs):
    with lock:
        print(*args, **kwargs)
tool.print = locked_print
port, raw, width = int(sys.argv[2]), sys.argv[3] == 'raw', int(sys.argv[4])
jobs = [line.split('\\t', 1) for line in sys.stdin.read().splitlines() if line]
def one(job):
    to, path = job
    args = argparse.Namespace(host='127.0.0.1', port=port, sender='replay@sender.test', to=[to], helo='replay.test',
                              starttls=False, tls_on_connect=False, raw=raw, timeout=120)
    return tool.send(args, path)
with ThreadPoolExecutor(max_workers=width) as pool:
    list(pool.map(one, jobs))
`;

/**
 * Each file through smtp-replay.py's `send` (DRIVER), to its own recipient; each file's result
 * line, parsed (the exit code says nothing more), in the order of `sends`.
 */
function replayAll(sends: { file: string; to: string }[], port: number, raw: boolean): Promise<ReplayLine[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'python3',
      ['-c', DRIVER, REPLAY, String(port), raw ? 'raw' : 'crlf', String(PARALLEL_RUNS)],
      { maxBuffer: 16 << 20, timeout: REPLAY_GUARD_MS },
      (error, stdout, stderr) => {
        const lines = new Map<string, ReplayLine>();
        for (const line of stdout.split('\n')) {
          const match = /^(OK|REJECT|ERROR)\s+(\S+) (\d+) (.*) \(\d+ bytes, \d+ ms\)$/.exec(line);
          if (match)
            lines.set(path.basename(match[2]!), {
              status: match[1] as ReplayLine['status'],
              file: path.basename(match[2]!),
              code: Number(match[3]),
              text: match[4]!,
            });
        }
        const missing = sends.filter((s) => !lines.has(s.file)).map((s) => s.file);
        if (missing.length > 0)
          return reject(
            new Error(
              `smtp-replay.py printed no result line for ${missing.join(', ')} (${error?.message ?? 'exit 0'})\n${stdout}\n${stderr}`,
            ),
          );
        resolve(sends.map((s) => lines.get(s.file)!));
      },
    );
    child.stdin!.end(sends.map((s) => `${s.to}\t${path.join(CORPUS, s.file)}\n`).join(''));
  });
}

/**
 * The bytes smtp-replay.py sends for a file without `--raw`: no mbox `From ` line, every line end
 * CRLF (its `load`). Where they are the file's own bytes, `--raw` would send the same message again.
 */
function onTheWire(bytes: Buffer): Buffer {
  const body = bytes.subarray(0, 5).toString('latin1') === 'From ' ? bytes.subarray(bytes.indexOf(10) + 1) : bytes;
  return Buffer.from(body.toString('latin1').replace(/\r?\n|\r(?!\n)/g, '\r\n'), 'latin1');
}

async function listMessages(daemon: DaemonProcess, key: string): Promise<MessageView[]> {
  const all: MessageView[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await api(daemon.httpUrl, 'GET', `/api/email-ingestion/messages?prefix=ap&limit=100&offset=${offset}`, {
      key,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.push(...(res.body.messages as MessageView[]));
    if (res.body.messages.length === 0 || all.length >= res.body.total) return all;
  }
}

(present ? describe : describe.skip)(
  present
    ? `MIME corpus replayed over SMTP to a daemon (${CORPUS})`
    : `MIME corpus replayed over SMTP: SKIPPED, ${skipReason}`,
  { timeout: 300_000 },
  () => {
    const manifest: ManifestEntry[] = present
      ? JSON.parse(fs.readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8'))
      : [];
    const baselines = new Map(manifest.map((e) => [e.file, e]));
    const files = present
      ? fs
          .readdirSync(CORPUS)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    let daemon: DaemonProcess;
    let key: string;

    beforeAll(async () => {
      // Not a first start: a copy of the run's migrated, empty data directory (makeMigratedDataDir).
      const dataDir = makeMigratedDataDir('intake-mime-replay-');
      daemon = await startDaemon({
        DATA_DIR: dataDir,
        EMAIL_DOMAIN: DOMAIN,
        SMTP_MAX_MIME_PARTS: '200',
        WORKER_POLL_MS: '100',
        // The subject is the MIME parsing: the attachments' jobs only need to exist, so none is run.
        WORKER_CONCURRENCY: '0',
      });
      // Set-up through the running daemon's admin socket, in this process (test/support/cli.ts).
      key = (
        await setUpDaemonTenant(
          daemon,
          { DATA_DIR: dataDir },
          { name: 'Corpus', plan: 'enterprise', rateLimitPerMinute: 100_000, credits: 100_000, prefixes: ['ap'] },
        )
      ).live_key;
    }, 180_000);

    it('has a manifest entry for every message', () => {
      expect(files.length).toBeGreaterThan(100);
      expect(files.filter((f) => !baselines.has(f))).toEqual([]);
    });

    // The --raw replay sends only the files whose bytes differ from what the CRLF one sent (bare
    // LFs, lone CRs, an mbox line): the others would be the same SMTP transaction again.
    const differsRaw = (file: string): boolean => {
      const bytes = fs.readFileSync(path.join(CORPUS, file));
      return !onTheWire(bytes).equals(bytes);
    };
    for (const mode of ['crlf', 'raw'] as const) {
      it(`${mode === 'raw' ? '--raw (bytes as they are)' : 'CRLF, as an MTA sends it'}: 250 or a deliberate 5xx for each; the daemon stays up; every accepted message settles, with the baseline's attachments`, async () => {
        const started = Date.now();
        const tagOf = (index: number) => `${mode}-${index}`;
        const sent = mode === 'raw' ? files.filter(differsRaw) : files;
        if (mode === 'raw') expect(sent.length).toBeGreaterThan(50);
        const results = await replayAll(
          sent.map((file, i) => ({ file, to: `ap+${tagOf(i)}@${DOMAIN}` })),
          daemon.smtp!.port,
          mode === 'raw',
        );
        const replayMs = Date.now() - started;

        // Every answer is a 250 or a 5xx refusal that says why, with an enhanced code.
        const undeliberate = results.filter(
          (r) =>
            !(r.status === 'OK' && r.code === 250) &&
            !(r.status === 'REJECT' && r.code >= 500 && r.code < 600 && /^5\.\d{1,3}\.\d{1,3} \S/.test(r.text)),
        );
        expect(undeliberate.map((r) => `${r.file}: ${r.status} ${r.code} ${r.text}`)).toEqual([]);
        const refused = results.filter((r) => r.status === 'REJECT');

        // Still up.
        expect(daemon.hasExited(), daemon.stderr()).toBe(false);
        expect(await httpStatus(`${daemon.httpUrl}/readyz`)).toBe(200);

        // One record per accepted file, none for a refused one; wait for processing to settle.
        let mine: MessageView[] = [];
        const pending = () => mine.filter((m) => m.status === 'received' || m.status === 'processing');
        await eventually(
          () =>
            `processing settled; still pending: ${pending()
              .map((m) => m.tag)
              .join(', ')}`,
          async () => {
            mine = (await listMessages(daemon, key)).filter((m) => m.tag?.startsWith(`${mode}-`));
            return pending().length === 0;
          },
          { timeoutMs: SETTLE_GUARD_MS, intervalMs: 500 },
        );
        const byTag = new Map<string, MessageView[]>();
        for (const m of mine) byTag.set(m.tag!, [...(byTag.get(m.tag!) ?? []), m]);

        const problems: string[] = [];
        const failed: string[] = [];
        const sizeDiffers: string[] = [];
        let attachments = 0;
        let jobs = 0;
        results.forEach((r, i) => {
          const records = byTag.get(tagOf(i)) ?? [];
          if (r.status !== 'OK') {
            if (records.length > 0)
              problems.push(`${r.file}: refused (${r.code}) yet stored as ${records.map((m) => m.id).join(',')}`);
            return;
          }
          if (records.length !== 1) return problems.push(`${r.file}: accepted, ${records.length} records`);
          const m = records[0]!;
          const { ok: baselineParsed, attachments: baseline } = baselines.get(r.file)!.mailparser_3_9_31;
          if (m.status === 'failed') {
            failed.push(`${r.file}: ${m.error?.code} ${m.error?.message}`);
            // Failing is a fair outcome only where plain mailparser could not parse the file either.
            if (baselineParsed)
              problems.push(`${r.file}: failed (${JSON.stringify(m.error)}) although mailparser parsed it`);
            else if (m.error?.code !== 'unparseable_message' || !m.error.message)
              problems.push(`${r.file}: failed without the parse error: ${JSON.stringify(m.error)}`);
            return;
          }
          if (m.status !== 'processed') return problems.push(`${r.file}: ${m.status}`);
          if (m.attachments.length !== baseline.length) {
            problems.push(
              `${r.file}: ${m.attachments.length} attachments (${m.attachments.map((a) => `${a.original_filename ?? '(no name)'}|${a.size_bytes}`).join('; ')}), baseline ${baseline.length} (${baseline.join('; ')})`,
            );
          }
          m.attachments.forEach((a, k) => {
            const expectedBytes = Number(baseline[k]?.split('|').at(-1));
            if (a.size_bytes !== expectedBytes) sizeDiffers.push(`${r.file}#${k}: ${a.size_bytes} vs ${expectedBytes}`);
            if (a.status === 'job_created' && !a.job_id) problems.push(`${r.file}#${k}: job_created without a job`);
            if (a.status === 'skipped' && !a.reason) problems.push(`${r.file}#${k}: skipped without a reason`);
          });
          attachments += m.attachments.length;
          jobs += m.attachments.filter((a) => a.job_id).length;
        });
        // Sizes are reported, not compared: CRLF mode turns bare LFs into CRLFs inside text parts, and
        // smtplib ends a message that does not end in CRLF with one more (+2 bytes on its last part).
        // Records nobody sent (a tag no file had) would be a mix-up.
        const knownTags = new Set(sent.map((_, i) => tagOf(i)));
        for (const m of mine) if (!knownTags.has(m.tag!)) problems.push(`record ${m.id} with unexpected tag ${m.tag}`);
        expect(problems).toEqual([]);
        // The one message over the MIME-part limit (~3000 parts) is refused as such, not stored (its
        // file is all CRLF already: the CRLF replay sends it).
        if (mode === 'crlf') {
          const endless = results.find((r) => r.file === 'flanker__enclosed-endless.eml');
          expect(endless && `${endless.code} ${endless.text}`).toMatch(/^554 5\.6\.0 .*MIME parts/);
        }
        expect(daemon.hasExited(), daemon.stderr()).toBe(false);
        expect(await httpStatus(`${daemon.httpUrl}/readyz`)).toBe(200);

        console.log(
          `[mime-corpus-replay ${mode}] ${results.length} messages in ${replayMs} ms: ${results.length - refused.length} accepted, ${refused.length} refused ` +
            `(${refused.map((r) => `${r.file}: ${r.code} ${r.text}`).join('; ')}); ${mine.length} records, ${mine.filter((m) => m.status === 'processed').length} processed, ` +
            `${failed.length} failed${failed.length ? ` (${failed.join('; ')})` : ''}; ${attachments} attachments as the baseline counts, ${jobs} became jobs; ` +
            `${sizeDiffers.length} attachment sizes differ from the baseline${sizeDiffers.length ? ` (${sizeDiffers.join('; ')})` : ''}; ${Math.round((Date.now() - started) / 1000)} s`,
        );
      });
    }
  },
);
