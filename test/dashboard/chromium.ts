/**
 * The browser of the dashboard tests: Debian's `chromium`, installed with apt-get when missing (as
 * the OCR benchmark installs tesseract), driven by playwright-core through `executablePath`.
 * Playwright's own browser download does not work offline; this does. Missing after the install,
 * it is an error, not a skip: CI runs these tests. One Chromium server serves a whole run
 * (test/dashboard/global-setup.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The real binary rather than Debian's /usr/bin/chromium wrapper script, when it is there. */
const CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

const found = (): string | undefined => CANDIDATES.find((p) => fs.existsSync(p));

function apt(args: string[]): number {
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=180', ...args], {
    stdio: 'ignore',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status ?? 1;
}

/** The path of a Chromium binary, installing Debian's package first if there is none. */
export function ensureChromium(): string {
  let path = found();
  if (path) return path;
  process.stderr.write("dashboard tests: installing Debian's chromium with apt-get...\n");
  if (apt(['install', '-y', '--no-install-recommends', 'chromium']) !== 0) {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'chromium']);
  }
  path = found();
  if (!path)
    throw new Error(
      'Chromium is missing and `apt-get install chromium` did not provide it (the dashboard tests need root and apt, or /usr/lib/chromium/chromium)',
    );
  return path;
}

/** Flags for a quiet, offline, throwaway browser: no network of its own, no sync, no GPU. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
