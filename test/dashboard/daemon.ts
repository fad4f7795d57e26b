/**
 * A daemon for a browser test file: `intake start` on a new PGlite data directory, its bootstrap
 * keys read from its output, credits added, and Chromium launched alongside.
 */
import type { Browser } from 'playwright-core';
import { freePort, makeTempDir, runCliOk, startDaemon, type DaemonProcess } from '../support/processes.js';
import { launchChromium } from './chromium.js';
import { openPages, type PageOpener } from './pages.js';

export interface DashboardRig {
  daemon: DaemonProcess;
  browser: Browser;
  pages: PageOpener;
  env: Record<string, string>;
  orgId: string;
  liveKey: string;
  testKey: string;
  stop(): Promise<void>;
}

export async function startDashboardRig(name: string, extraEnv: Record<string, string> = {}): Promise<DashboardRig> {
  const launching = launchChromium();
  // A port chosen here, so the signed document links (PUBLIC_BASE_URL) point at this daemon.
  const port = await freePort();
  const env = {
    DATA_DIR: makeTempDir(`intake-${name}-`),
    WORKER_POLL_MS: '200',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_POLL_MS: '200',
    HTTP_PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    ...extraEnv,
  };
  const started = performance.now();
  // A loaded CI machine may take a minute or more to start it (the bundle, PGlite, migrations).
  const daemon = await startDaemon(env, { timeoutMs: 300_000 });
  const out = daemon.stdout();
  const orgId = /organization: (org_\S+)/.exec(out)![1]!;
  const liveKey = /live key: +(sk_live_\S+)/.exec(out)![1]!;
  const testKey = /test key: +(sk_test_\S+)/.exec(out)![1]!;
  await runCliOk(['credits', 'add', '--org', orgId, '--amount', '500'], env);
  const browser = await launching;
  const pages = openPages(browser, daemon.httpUrl);
  process.stderr.write(`${name}: daemon and browser ready in ${Math.round(performance.now() - started)} ms\n`);
  return {
    daemon,
    browser,
    pages,
    env,
    orgId,
    liveKey,
    testKey,
    async stop() {
      await pages.closeAll();
      await browser.close();
      await daemon.stop();
    },
  };
}
