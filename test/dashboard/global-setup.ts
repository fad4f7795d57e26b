/**
 * The dashboard browser tests' shared parts (vitest project `browser`, test/vitest.config.ts): one
 * `intake start` on a new PGlite data directory and one headless Chromium server for every browser
 * test file of the run, instead of one of each per file. Each file still gets an organization,
 * keys and browser contexts of its own (test/dashboard/daemon.ts), so no file sees another's data.
 *
 * The daemon is started here but not awaited: the other project's tests run while it boots, and
 * each browser file waits for it in its beforeAll (a failed start is written to a file they read).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort, startDaemon, type DaemonProcess } from '../support/processes.js';
import { TEST_CERT_FILE } from '../support/test-cert.js';
import { CHROMIUM_FLAGS, ensureChromium } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared daemon's HTTP origin. */
    dashboardUrl: string;
    /** Its environment (DATA_DIR for the CLI's admin socket, and what the files may rely on). */
    dashboardEnv: Record<string, string>;
    /** Holds the reason when the daemon did not start. */
    dashboardStartError: string;
    /** The Chromium server's endpoint for playwright's `chromium.connect`. */
    chromiumEndpoint: string;
  }
}

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
  HTTP_PORT: String(port),
  PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
});

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-dashboard-shared-'));
  const errorFile = path.join(scratch, 'start-error.txt');
  const server = await chromium.launchServer({
    executablePath: ensureChromium(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  // A port chosen here, so the signed document links (PUBLIC_BASE_URL) point at this daemon.
  const port = await freePort();
  const env = sharedEnv(port, path.join(scratch, 'data'));
  // A loaded CI machine may take a minute or more to start it (the bundle, PGlite, migrations).
  const starting: Promise<DaemonProcess | undefined> = startDaemon(env, { timeoutMs: 300_000 }).catch(
    (error: unknown) => {
      fs.writeFileSync(errorFile, String(error instanceof Error ? error.message : error));
      return undefined;
    },
  );
  project.provide('dashboardUrl', `http://127.0.0.1:${port}`);
  project.provide('dashboardEnv', env);
  project.provide('dashboardStartError', errorFile);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await (await starting)?.stop();
    await server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  };
}
