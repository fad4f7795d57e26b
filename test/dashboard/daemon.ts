/**
 * A browser test file's rig on the shared daemon and Chromium of test/dashboard/global-setup.ts: an
 * organization of its own (created through the CLI run in this process, test/support/cli.ts, which
 * reaches the running daemon through its admin socket) with 500 credits, its keys, and a connection to the shared browser whose contexts
 * (one per page, each with its own cookies) are the file's own.
 */
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { singleJsonLine } from '../support/processes.js';
import { openPages, type PageOpener } from './pages.js';

export interface DashboardRig {
  /** The shared daemon (stopped by the global setup's coordinator when no file uses it). */
  daemon: { httpUrl: string };
  browser: Browser;
  pages: PageOpener;
  env: Record<string, string>;
  orgId: string;
  liveKey: string;
  testKey: string;
  /** Closes this file's pages and its browser connection, and releases the shared daemon. */
  stop(): Promise<void>;
}

/** The shared daemon, started by the coordinator for the first file that asks (see global-setup.ts). */
async function acquire(): Promise<{ httpUrl: string; env: Record<string, string> }> {
  const res = await fetch(`${inject('dashboardCoordinator')}/acquire`, {
    method: 'POST',
    signal: AbortSignal.timeout(330_000),
  });
  const body = (await res.json()) as { httpUrl: string; env: Record<string, string>; error?: string };
  if (res.status !== 200) throw new Error(`the shared dashboard daemon did not start: ${body.error}`);
  return body;
}

const release = () => fetch(`${inject('dashboardCoordinator')}/release`, { method: 'POST' }).then((r) => r.text());

/**
 * `name` names the organization (and the log line). `needs` lists settings the file relies on: each
 * must be what the shared daemon has (global-setup.ts), so a file cannot silently get other ones.
 */
export async function startDashboardRig(name: string, needs: Record<string, string> = {}): Promise<DashboardRig> {
  const started = performance.now();
  const { httpUrl, env } = await acquire();
  let browser: Browser;
  let org: { org_id: string; live_key: string; test_key: string };
  try {
    for (const [setting, value] of Object.entries(needs))
      if (env[setting] !== value)
        throw new Error(
          `${name} needs ${setting}=${value} but the shared dashboard daemon has ${env[setting] ?? 'no value'} (test/dashboard/global-setup.ts)`,
        );
    browser = await chromium.connect(inject('chromiumEndpoint'));
    const created = await runInProcessOk(
      ['orgs', 'create', '--name', name, '--plan', 'business', '--credits', '500', '--json'],
      env,
    );
    org = singleJsonLine(created.stdout);
  } catch (error) {
    await release();
    throw error;
  }
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
      await release();
    },
  };
}
