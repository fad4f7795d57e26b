/**
 * What keeps a started daemon small, on one daemon (PGlite) with esbuild made unresolvable: the
 * dashboard is served from the files `npm run build` bundled (no bundler loaded or spawned at run
 * time), and OCR and PDF threads end after OCR_IDLE_RELEASE_MS idle, as `intake_ocr_workers` and
 * `intake_pdf_threads` show, with the reader process they run in (`intake_reader_processes`), while
 * the next document is read as before. How much memory that saves:
 * `npm run bench:memory`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanImage, type DrawnText } from '../ocr/documents.js';
import { runInProcessOk } from '../support/cli.js';
import { base64, invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import {
  api,
  makeMigratedDataDir,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  singleJsonLine,
  startDaemon,
  useFileCleanup,
  type DaemonProcess,
} from '../support/processes.js';
import { parseSamples, sumOf } from '../support/prometheus.js';
import { eventually } from '../support/wait.js';

// One daemon for both tests: useProcessCleanup() would kill it after the first.
useFileCleanup();

const IDLE_MS = 1500;
/** A bound for a broken build on a loaded machine, not a speed requirement. */
const WAIT = { timeoutMs: 300_000 };

const RECEIPT: DrawnText[] = [
  { text: 'CORNER BAKERY', x: 60, y: 70, size: 34 },
  { text: 'Receipt R-4471', x: 60, y: 130, size: 28 },
  { text: 'TOTAL 12.50', x: 60, y: 200, size: 28 },
];

/**
 * Files for NODE_OPTIONS=--import: a module resolution hook that refuses `esbuild` (and writes down
 * that it was asked), and a marker that the hook was installed in the daemon at all.
 */
function blockEsbuild(dir: string): { nodeOptions: string; installed: string; asked: string } {
  const installed = path.join(dir, 'hook-installed');
  const asked = path.join(dir, 'esbuild-asked');
  const hooks = path.join(dir, 'hooks.mjs');
  fs.writeFileSync(
    hooks,
    `import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  if (specifier === 'esbuild' || specifier.startsWith('esbuild/')) {
    fs.appendFileSync(${JSON.stringify(asked)}, specifier + '\\n');
    throw new Error('esbuild is not available to the daemon at run time');
  }
  return next(specifier, context);
}
`,
  );
  const register = path.join(dir, 'register.mjs');
  fs.writeFileSync(
    register,
    `import fs from 'node:fs';
import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(hooks).href)});
fs.writeFileSync(${JSON.stringify(installed)}, String(process.pid));
`,
  );
  return { nodeOptions: `--import=${pathToFileURL(register).href}`, installed, asked };
}

/** Command lines of every process below `pid` (from /proc, Linux). */
function descendants(pid: number): string[] {
  const lines: string[] = [];
  const walk = (parent: number): void => {
    for (const task of fs.readdirSync(`/proc/${parent}/task`)) {
      let children: string[] = [];
      try {
        children = fs.readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ').filter(Boolean);
      } catch {
        continue; // the thread ended meanwhile
      }
      for (const child of children.map(Number)) {
        try {
          lines.push(fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' '));
        } catch {
          continue;
        }
        walk(child);
      }
    }
  };
  walk(pid);
  return lines;
}

/** The environment of the reader process below `pid` (from /proc), one `NAME=value` a line. */
function readerEnvironment(pid: number): string[] {
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`))
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
        if (fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('reader-child'))
          return fs.readFileSync(`/proc/${child}/environ`, 'utf8').split('\0');
  } catch {
    // a thread or the reader process ended meanwhile
  }
  return [];
}

/** One sample of the daemon's metrics, summed over its labels. */
async function gauge(daemon: DaemonProcess, name: string, labels?: Record<string, string>): Promise<number> {
  const res = await fetch(`${daemon.httpUrl}/metrics`);
  expect(res.status).toBe(200);
  return sumOf(parseSamples(await res.text()), name, labels);
}

describe(
  'a started daemon: no bundler, OCR and PDF threads released when idle',
  { timeout: PROCESS_TEST_TIMEOUT_MS * 2 },
  () => {
    let daemon: DaemonProcess;
    let key: string;
    let hook: ReturnType<typeof blockEsbuild>;

    beforeAll(async () => {
      hook = blockEsbuild(makeTempDir('intake-no-esbuild-'));
      const dataDir = makeMigratedDataDir('intake-resources-');
      daemon = await startDaemon(
        {
          DATA_DIR: dataDir,
          OCR_IDLE_RELEASE_MS: String(IDLE_MS),
          OCR_WORKERS: '1',
          WORKER_POLL_MS: '200',
          NODE_OPTIONS: hook.nodeOptions,
        },
        { timeoutMs: PROCESS_TEST_TIMEOUT_MS },
      );
      // In this process, through the running daemon's admin socket (no PGlite opened here).
      const org = singleJsonLine<{ live_key: string }>(
        (
          await runInProcessOk(
            ['orgs', 'create', '--name', 'Budget', '--plan', 'enterprise', '--credits', '100', '--json'],
            { DATA_DIR: dataDir },
          )
        ).stdout,
      );
      key = org.live_key;
    }, PROCESS_TEST_TIMEOUT_MS * 3);

    it('serves the dashboard built by npm run build, with esbuild unresolvable and no esbuild process', async () => {
      expect(fs.readFileSync(hook.installed, 'utf8')).toBe(String(daemon.pid));
      const page = await fetch(`${daemon.httpUrl}/`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<script type="module" src="/assets/app.js"></script>');
      for (const [file, type] of [
        ['app.js', 'text/javascript'],
        ['app.css', 'text/css'],
      ] as const) {
        const res = await fetch(`${daemon.httpUrl}/assets/${file}`);
        expect(res.status, file).toBe(200);
        expect(res.headers.get('content-type'), file).toContain(type);
        expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(1000);
      }
      expect(fs.existsSync(hook.asked), 'something in the daemon imported esbuild').toBe(false);
      expect(descendants(daemon.pid).filter((cmd) => cmd.includes('esbuild'))).toEqual([]);
    });

    it('shows the PaddleOCR thread live while it reads, 0 once idle, and reads the next photo again', async () => {
      const ocrWorkers = () => gauge(daemon, 'intake_ocr_workers', { engine: 'paddle' });
      expect(await ocrWorkers()).toBe(0);
      const extractor = await api(daemon.httpUrl, 'POST', '/v1/extractors', {
        key,
        body: {
          name: 'Receipts',
          document_type: 'receipt',
          field_definitions: [{ name: 'total', type: 'currency', required: true, description: 'Total' }],
        },
      });
      expect(extractor.status, JSON.stringify(extractor.body)).toBe(201);
      for (let round = 1; round <= 2; round++) {
        const photo = await scanImage([...RECEIPT, { text: `Visit ${round}`, x: 60, y: 260, size: 28 }], 520, 320);
        const job = await api(daemon.httpUrl, 'POST', '/v1/documents', {
          key,
          body: { extractor_id: extractor.body.id, document: base64(photo), mime_type: 'image/png' },
        });
        expect(job.status, JSON.stringify(job.body)).toBe(202);
        // Live from the first page until IDLE_MS after the job's last page: seconds, polled every 20 ms.
        // In the reader process, not in the daemon's own, which gives it glibc's two arenas.
        await eventually(
          `round ${round}: a live PaddleOCR thread in one reader process`,
          async () =>
            (await ocrWorkers()) === 1 &&
            (await gauge(daemon, 'intake_reader_processes')) === 1 &&
            descendants(daemon.pid).filter((cmd) => cmd.includes('reader-child')).length === 1 &&
            readerEnvironment(daemon.pid).includes('MALLOC_ARENA_MAX=2'),
          WAIT,
        );
        expect(process.env.MALLOC_ARENA_MAX, 'the test would not tell').toBeUndefined();
        const done = await eventually(
          `round ${round}: the job to finish`,
          async () => {
            const res = await api(daemon.httpUrl, 'GET', `/v1/documents/${job.body.id}`, { key });
            return res.body.status === 'completed' || res.body.status === 'failed' ? res.body : null;
          },
          WAIT,
        );
        expect(done.status, JSON.stringify(done)).toBe('completed');
        expect(done.extracted_data.total, JSON.stringify(done)).toBe(12.5);
        await eventually(
          `round ${round}: no live OCR thread after ${IDLE_MS} ms idle`,
          async () => (await gauge(daemon, 'intake_ocr_workers')) === 0,
          WAIT,
        );
        // The process the threads ran in ends too, and gives back what they touched.
        await eventually(
          `round ${round}: no reader process after ${IDLE_MS} ms idle`,
          async () =>
            (await gauge(daemon, 'intake_reader_processes')) === 0 &&
            descendants(daemon.pid).every((cmd) => !cmd.includes('reader-child')),
          WAIT,
        );
        expect(await gauge(daemon, 'intake_reader_resident_memory_bytes')).toBe(0);
      }
    });

    it('shows PDF threads live while a PDF is counted and read, 0 once idle, and reads the next PDF', async () => {
      const extractor = await api(daemon.httpUrl, 'POST', '/v1/extractors', { key, body: invoiceExtractor() });
      expect(extractor.status, JSON.stringify(extractor.body)).toBe(201);
      expect(await gauge(daemon, 'intake_pdf_threads')).toBe(0);
      for (let round = 1; round <= 2; round++) {
        const pdf = await makeInvoicePdf({ number: `INV-IDLE-${round}`, salt: `idle-${round}` });
        const job = await api(daemon.httpUrl, 'POST', '/v1/documents', {
          key,
          body: { extractor_id: extractor.body.id, document: base64(pdf), mime_type: 'application/pdf' },
        });
        expect(job.status, JSON.stringify(job.body)).toBe(202);
        // Live from the page count at upload until IDLE_MS after the reading's last step.
        await eventually(
          `round ${round}: a live PDF thread`,
          async () => (await gauge(daemon, 'intake_pdf_threads')) > 0,
          WAIT,
        );
        const done = await eventually(
          `round ${round}: the job to finish`,
          async () => {
            const res = await api(daemon.httpUrl, 'GET', `/v1/documents/${job.body.id}`, { key });
            return res.body.status === 'completed' || res.body.status === 'failed' ? res.body : null;
          },
          WAIT,
        );
        expect(done.status, JSON.stringify(done)).toBe('completed');
        expect(done.extracted_data.invoice_number, JSON.stringify(done)).toBe(`INV-IDLE-${round}`);
        await eventually(
          `round ${round}: no live PDF thread after ${IDLE_MS} ms idle`,
          async () => (await gauge(daemon, 'intake_pdf_threads')) === 0,
          WAIT,
        );
      }
    });
  },
);
