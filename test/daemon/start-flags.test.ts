/**
 * The daemon's start scripts give node V8's young generation at 8 MB (`--max-semi-space-size=4`),
 * a flag read only as node starts (docs/resources.md, "The daemon's own process"): `npm start` and
 * the systemd unit name it before the daemon's bin, and a daemon started so has a new space of at
 * most 8 MB where a default one reaches 32 MB.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMigratedDataDir, PROCESS_TEST_TIMEOUT_MS, startDaemon, useFileCleanup } from '../support/processes.js';
import { parseSamples } from '../support/prometheus.js';
import type { DaemonProcess } from '../support/processes.js';

useFileCleanup();

const FLAG = '--max-semi-space-size=4';
const root = new URL('../../', import.meta.url);

describe("the daemon's start scripts", () => {
  it('npm start runs node with the flag before the bin', () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8')) as { scripts: { start: string } };
    expect(pkg.scripts.start).toMatch(/(^|\s)node --max-semi-space-size=4 daemon\/bin\/intake\.mjs start$/);
  });

  it('the systemd unit runs node with the flag before the bin', () => {
    const unit = fs.readFileSync(new URL('config/intake.service', root), 'utf8');
    const exec = unit.split('\n').filter((line) => line.startsWith('ExecStart='));
    expect(exec).toHaveLength(1);
    expect(exec[0]).toMatch(/^ExecStart=\S*node --max-semi-space-size=4 \S*\/bin\/intake\.mjs start$/);
  });
});

describe('a daemon started with the flag', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let daemon: DaemonProcess;
  beforeAll(async () => {
    daemon = await startDaemon(
      { DATA_DIR: makeMigratedDataDir('intake-start-flags-'), NODE_OPTIONS: FLAG },
      { timeoutMs: PROCESS_TEST_TIMEOUT_MS },
    );
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await daemon?.stop('SIGTERM');
  });

  it('has a new space of at most 8 MB, however much it allocates', async () => {
    // Each scrape allocates (the metrics' text): enough of them to fill a default new space.
    let newSpace = 0;
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${daemon.httpUrl}/metrics`);
      expect(res.status).toBe(200);
      const samples = parseSamples(await res.text()).filter(
        (s) => s.name === 'intake_nodejs_heap_space_size_total_bytes' && s.labels.space === 'new',
      );
      expect(samples).toHaveLength(1);
      newSpace = Math.max(newSpace, samples[0]!.value);
    }
    expect(newSpace).toBeGreaterThan(0);
    expect(newSpace).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});
