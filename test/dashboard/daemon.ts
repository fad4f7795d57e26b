/**
 * A browser test file's rig on the shared daemon and Chromium of test/dashboard/global-setup.ts: an
 * organization of its own (created through the CLI, which reaches the running daemon through its
 * admin socket) with 500 credits, its keys, and a connection to the shared browser whose contexts
 * (one per page, each with its own cookies) are the file's own.
 */
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { httpStatus, runCliOk, singleJsonLine, sleep } from '../support/processes.js';
import { openPages, type PageOpener } from './pages.js';

export interface DashboardRig {
  /** The shared daemon (stopped by the global setup, not by the file). */
  daemon: { httpUrl: string };
  browser: Browser;
  pages: PageOpener;
  env: Record<string, string>;
  orgId: string;
  liveKey: string;
  testKey: string;
  /** Closes this file's pages and its browser connection. */
  stop(): Promise<void>;
}

/** Waits for the shared daemon's /readyz, or fails with the reason it did not start. */
async function whenReady(httpUrl: string): Promise<void> {
  const errorFile = inject('dashboardStartError');
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (fs.existsSync(errorFile))
      throw new Error(`the shared dashboard daemon did not start: ${fs.readFileSync(errorFile, 'utf8')}`);
    if ((await httpStatus(`${httpUrl}/readyz`)) === 200) return;
    if (Date.now() > deadline) throw new Error(`the shared dashboard daemon was not ready at ${httpUrl} in 5 minutes`);
    await sleep(100);
  }
}

/**
 * `name` names the organization (and the log line). `needs` lists settings the file relies on: each
 * must be what the shared daemon has (global-setup.ts), so a file cannot silently get other ones.
 */
export async function startDashboardRig(name: string, needs: Record<string, string> = {}): Promise<DashboardRig> {
  const started = performance.now();
  const httpUrl = inject('dashboardUrl');
  const env = inject('dashboardEnv');
  for (const [setting, value] of Object.entries(needs))
    if (env[setting] !== value)
      throw new Error(
        `${name} needs ${setting}=${value} but the shared dashboard daemon has ${env[setting] ?? 'no value'} (test/dashboard/global-setup.ts)`,
      );
  const browser = await chromium.connect(inject('chromiumEndpoint'));
  await whenReady(httpUrl);
  const created = await runCliOk(
    ['orgs', 'create', '--name', name, '--plan', 'business', '--credits', '500', '--json'],
    env,
    { timeoutMs: 180_000 },
  );
  const org = singleJsonLine<{ org_id: string; live_key: string; test_key: string }>(created.stdout);
  const pages = openPages(browser, httpUrl);
  process.stderr.write(`${name}: organization and browser ready in ${Math.round(performance.now() - started)} ms\n`);
  return {
    daemon: { httpUrl },
    browser,
    pages,
    env,
    orgId: org.org_id,
    liveKey: org.live_key,
    testKey: org.test_key,
    async stop() {
      await pages.closeAll();
      await browser.close();
    },
  };
}
