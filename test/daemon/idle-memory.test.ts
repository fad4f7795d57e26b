/**
 * The daemon's own process once started and once idle (daemon/src/runtime/idle-memory.ts): once
 * started it trims its allocator and says what it held in its "started" line, and again an idle
 * period after its start while it has read nothing; when the reader process
 * ends after `idleReleaseMs` without a document, the reader tells it (and only then: not while
 * another reader process lives, not when the reader is closed), the daemon trims its allocator and
 * logs what it held, and the next document is read as before. How much it saves:
 * `npm run bench:memory` (docs/resources.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createReaderProcess } from '../../daemon/src/reading/reader-process.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import {
  makeMigratedDataDir,
  PROCESS_TEST_TIMEOUT_MS,
  startDaemon,
  useFileCleanup,
  type DaemonProcess,
} from '../support/processes.js';
import { parseSamples, sumOf } from '../support/prometheus.js';
import { setUpDaemonTenant, type Tenant } from '../support/tenant.js';
import { eventually } from '../support/wait.js';

useFileCleanup();

const IDLE_MS = 1000;
/** A bound for a broken build on a loaded machine, not a speed requirement. */
const WAIT = { timeoutMs: 300_000 };
const IDLE_LINE = 'idle: the reader process ended and the daemon returned its free memory';
const NOTHING_READ_LINE = 'idle: nothing read since the start, and the daemon returned its free memory';
/**
 * What the daemon's other threads (V8's collector, libuv's pool) may touch while the main thread
 * trims: on a loaded machine a trim that returned little was seen to end 4 MB above where it began.
 */
const OTHER_THREADS_MB = 8;

describe('the reader process tells when it has ended idle', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('calls onIdle when the process ends idle, reads again after it, and not on close', async () => {
    let idle = 0;
    const reader = createReaderProcess(
      { engine: 'tesseract', pages: 'images', workers: 1, idleReleaseMs: IDLE_MS },
      { onIdle: () => idle++ },
    );
    const read = async (number: string): Promise<void> => {
      const pdf = await makeInvoicePdf({ number, salt: number });
      expect((await reader.read(pdf, 'application/pdf')).pages[0]!.words.map((w) => w.text)).toContain(number);
    };
    try {
      await read('INV-IDLE-1');
      // Within its idle period: the process lives, and nothing was told yet.
      expect(reader.processes()).toBe(1);
      expect(idle).toBe(0);
      await eventually('the reader process to end idle', () => reader.processes() === 0, WAIT);
      expect(idle).toBe(1);
      // A new process for the next document; closed while it lives, it is no idle end.
      await read('INV-IDLE-2');
      expect(reader.processes()).toBe(1);
    } finally {
      await reader.close();
    }
    expect(reader.processes()).toBe(0);
    expect(idle).toBe(1);
  });
});

describe('a started daemon once idle', { timeout: PROCESS_TEST_TIMEOUT_MS * 2 }, () => {
  let daemon: DaemonProcess;
  let tenant: Tenant;

  beforeAll(async () => {
    const dataDir = makeMigratedDataDir('intake-idle-memory-');
    daemon = await startDaemon(
      { DATA_DIR: dataDir, OCR_IDLE_RELEASE_MS: String(IDLE_MS), WORKER_POLL_MS: '200' },
      { timeoutMs: PROCESS_TEST_TIMEOUT_MS },
    );
    tenant = await setUpDaemonTenant(
      daemon,
      { DATA_DIR: dataDir },
      { name: 'Idle', plan: 'enterprise', credits: 100, wait: WAIT },
    );
  }, PROCESS_TEST_TIMEOUT_MS * 2);

  /** The daemon's log lines with `message` so far. */
  const linesOf = (message: string): { rss_before_mb: number; rss_mb: number }[] =>
    daemon
      .stdout()
      .split('\n')
      .filter((line) => line.includes(message))
      .map((line) => JSON.parse(line) as { rss_before_mb: number; rss_mb: number });
  const idleLines = () => linesOf(IDLE_LINE);

  const readerProcesses = async (): Promise<number> => {
    const res = await fetch(`${daemon.httpUrl}/metrics`);
    expect(res.status).toBe(200);
    return sumOf(parseSamples(await res.text()), 'intake_reader_processes');
  };

  it('trims what its start freed, and says so in its started line', () => {
    const started = daemon
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"intake daemon started"'))
      .map((line) => JSON.parse(line) as { rss_mb?: number; trim_returned_mb?: number });
    expect(started).toHaveLength(1);
    // What it reports is the process it ran in, and what the trim gave back in whole MB (0 where
    // the daemon's other threads allocated as much meanwhile).
    expect(started[0]!.rss_mb).toBeGreaterThan(50);
    expect(Number.isInteger(started[0]!.trim_returned_mb)).toBe(true);
    expect(started[0]!.trim_returned_mb).toBeLessThan(started[0]!.rss_mb!);
  });

  it('trims once more an idle period after its start, having read nothing', async () => {
    // No document has been sent yet (the next test sends them): no reader process was started.
    const [line] = await eventually(
      `the trim ${IDLE_MS} ms after the start`,
      () => (linesOf(NOTHING_READ_LINE).length > 0 ? linesOf(NOTHING_READ_LINE) : null),
      WAIT,
    );
    expect(line!.rss_mb).toBeGreaterThan(50);
    expect(line!.rss_mb).toBeLessThanOrEqual(line!.rss_before_mb + OTHER_THREADS_MB);
    expect(await readerProcesses()).toBe(0);
    expect(idleLines()).toEqual([]);
  });

  it('trims its memory after each idle period, logs it, and reads the next document', async () => {
    expect(idleLines()).toEqual([]);
    expect(await readerProcesses()).toBe(0);
    for (let round = 1; round <= 2; round++) {
      const before = idleLines().length;
      const pdf = await makeInvoicePdf({ number: `INV-TRIM-${round}`, salt: `trim-${round}` });
      const done = await tenant.extract(pdf);
      expect(done.status, JSON.stringify(done)).toBe('completed');
      expect(done.extracted_data.invoice_number, JSON.stringify(done)).toBe(`INV-TRIM-${round}`);
      // The page count at upload and the reading may each start a reader process (should the job
      // wait past IDLE_MS between them): at least one trim a round, the last once none is left.
      const lines = await eventually(
        `round ${round}: no reader process, and the idle trim after ${IDLE_MS} ms`,
        async () => ((await readerProcesses()) === 0 && idleLines().length > before ? idleLines() : null),
        WAIT,
      );
      const last = lines.at(-1)!;
      // The trim never grows the process, and what it reports is the process it ran in.
      expect(last.rss_mb).toBeGreaterThan(50);
      expect(last.rss_mb).toBeLessThanOrEqual(last.rss_before_mb + OTHER_THREADS_MB);
    }
    expect((await fetch(`${daemon.httpUrl}/readyz`)).status).toBe(200);
    // Once, an idle period after the start: not again after the documents.
    expect(linesOf(NOTHING_READ_LINE)).toHaveLength(1);
  });
});
