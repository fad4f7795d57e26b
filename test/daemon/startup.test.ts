/**
 * A port that is taken stops a daemon with a message naming the setting, not a stack trace. That a
 * start says what it is doing, step by step, is checked on first-start.test.ts's first start, which
 * pays for a new database once for both.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  makeMigratedDataDir,
  PROCESS_TEST_TIMEOUT_MS,
  runCli,
  useProcessCleanup,
} from '../support/processes.js';

useProcessCleanup();
const held: net.Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** Listens on a free loopback port so the daemon finds it taken. */
async function takePort(): Promise<number> {
  const port = await freePort();
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  held.push(server);
  return port;
}

describe('daemon start-up', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('names HTTP_PORT when its port is taken, and SMTP_PORT likewise', async () => {
    // Not a first start (the test above is): a copy of the run's migrated, empty data directory.
    const dataDir = makeMigratedDataDir('intake-startup-');
    const httpPort = await takePort();
    const http = await runCli(['start'], {
      DATA_DIR: dataDir,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: String(httpPort),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '0',
    });
    expect(http.code).toBe(1);
    expect(http.stderr).toBe(
      `intake: HTTP_PORT ${httpPort} is in use (on 127.0.0.1): stop what listens there or set HTTP_PORT to a free port\n`,
    );

    const smtpPort = await takePort();
    const smtp = await runCli(['start'], {
      DATA_DIR: dataDir,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: '0',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
    });
    expect(smtp.code).toBe(1);
    expect(smtp.stderr).toBe(
      `intake: SMTP_PORT ${smtpPort} is in use (on 127.0.0.1): stop what listens there or set SMTP_PORT to a free port\n`,
    );
  });
});
