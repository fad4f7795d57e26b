/**
 * The dashboard browser tests' shared parts (vitest project `browser`, test/vitest.config.ts): one
 * headless Chromium server and one `intake start` on a copy of a migrated PGlite data directory for the browser
 * test files of a run, instead of one of each per file. Each file still gets an organization, keys
 * and browser contexts of its own (test/dashboard/daemon.ts), so no file sees another's data.
 *
 * The daemon runs only while browser files use it: a file acquires it from a small coordinator on
 * loopback (started here), which starts it for the first file and stops it GRACE_MS after the last
 * one released it (an idle daemon polls its queues: about 13% of a core at these poll intervals,
 * which over the rest of a 13-minute suite would cost more than the starts it saves). A file that
 * comes later gets a new one.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../support/build.js';
import { freePort, startDaemon, type DaemonProcess } from '../support/processes.js';
import { TEST_CERT_FILE } from '../support/test-cert.js';
import { CHROMIUM_FLAGS, ensureChromium } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The coordinator: POST /acquire answers {httpUrl, env} once the shared daemon is ready; POST /release. */
    dashboardCoordinator: string;
    /** The Chromium server's endpoint for playwright's `chromium.connect`. */
    chromiumEndpoint: string;
  }
}

/** How long the daemon outlives its last user: the next browser file usually starts sooner. */
const GRACE_MS = 20_000;

/**
 * One environment for every file: the union of what the files need, none of which changes what
 * another file sees (the ERP and email settings only shorten waits; the CA file only adds the
 * loopback test certificate). The retry delays of webhooks are the one setting that would: they are
 * short here for the refusing receiver of webhooks.browser.test.ts, which is why
 * dashboard.browser.test.ts (a retrying delivery with its next attempt due) keeps a daemon of its own.
 */
const sharedEnv = (port: number, dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  WORKER_POLL_MS: '200',
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_POLL_MS: '200',
  WEBHOOK_CA_FILE: TEST_CERT_FILE,
  WEBHOOK_RETRY_DELAYS_MS: '100,100,100,100,100',
  ERP_RETRY_DELAYS_MS: '0',
  ERP_POLL_MS: '200',
  TEST_EXTRACTION_WAIT_MS: '0',
  // Under the 50 documents of register-fifty.browser.test.ts, so a broad search there says "40+";
  // no other file lists more than 40 documents under a search or register filter.
  REGISTER_COUNT_LIMIT: '40',
  HTTP_PORT: String(port),
  PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
});

interface Shared {
  httpUrl: string;
  env: Record<string, string>;
  daemon: DaemonProcess;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-dashboard-shared-'));
  // The daemon runs dist/ (test/support/build.ts).
  await ensureBuilt();
  const browser = await chromium.launchServer({
    executablePath: ensureChromium(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  let running: Promise<Shared> | undefined;
  let users = 0;
  let stopTimer: NodeJS.Timeout | undefined;
  let starts = 0;

  const start = async (): Promise<Shared> => {
    // A port chosen here, so the signed document links (PUBLIC_BASE_URL) point at this daemon.
    const port = await freePort();
    const env = sharedEnv(port, path.join(scratch, `data-${++starts}`));
    // Not a first start (first-start.test.ts covers that): a copy of the migrated, empty data
    // directory of test/support/global-setup.ts, which runs before this setup in the same project.
    fs.cpSync(project.getProvidedContext().dataDirTemplate, env.DATA_DIR!, { recursive: true });
    // A loaded CI machine may take a minute or more to start it (the bundle, PGlite, migrations).
    const daemon = await startDaemon(env, { timeoutMs: 300_000 });
    return { httpUrl: daemon.httpUrl, env, daemon };
  };
  const stop = async (): Promise<void> => {
    const shared = running;
    running = undefined;
    const stopped = await shared?.catch(() => undefined);
    await stopped?.daemon.stop();
    if (stopped) fs.rmSync(stopped.env.DATA_DIR!, { recursive: true, force: true });
  };

  const coordinator = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    if (req.method === 'POST' && req.url === '/acquire') {
      clearTimeout(stopTimer);
      users++;
      running ??= start();
      running.then(
        (shared) => answer(200, { httpUrl: shared.httpUrl, env: shared.env }),
        (error: unknown) => {
          users--;
          running = undefined;
          answer(500, { error: error instanceof Error ? error.message : String(error) });
        },
      );
    } else if (req.method === 'POST' && req.url === '/release') {
      users = Math.max(0, users - 1);
      if (users === 0) stopTimer = setTimeout(() => void stop(), GRACE_MS);
      answer(200, { users });
    } else answer(404, {});
  });
  await new Promise<void>((resolve) => coordinator.listen(0, '127.0.0.1', resolve));
  project.provide('dashboardCoordinator', `http://127.0.0.1:${(coordinator.address() as AddressInfo).port}`);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    clearTimeout(stopTimer);
    coordinator.closeAllConnections();
    await new Promise((resolve) => coordinator.close(resolve));
    await stop();
    await browser.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  };
}
