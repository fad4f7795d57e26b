/**
 * A daemon start says what it is doing (a first start takes seconds: a new database, migrations),
 * and a port that is taken stops it with a message naming the setting, not a stack trace.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  makeTempDir,
  PROCESS_TEST_TIMEOUT_MS,
  runCli,
  startDaemon,
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

const messages = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; startup_ms?: number });

describe('daemon start-up', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('logs each step of a first start in order, with the time since start', async () => {
    const daemon = await startDaemon({ DATA_DIR: makeTempDir('intake-startup-') });
    const all = messages(daemon.stdout());
    expect(all[0]?.msg).toMatch(/^starting intake \d+\.\d+\.\d+: loading the daemon$/);
    const steps = all.filter((m) => m.startup_ms !== undefined);
    const order = [
      /^opening the database \(PGlite in .+\) and applying migrations$/,
      /^database ready, migrations applied$/,
      /^document reader ready \(OCR worker threads/,
      /^listening for HTTP on 127\.0\.0\.1:0 and SMTP on 127\.0\.0\.1:0$/,
      /^intake daemon started$/,
    ];
    expect(steps.map((s) => s.msg)).toEqual(order.map((re) => expect.stringMatching(re)));
    const started = steps.at(-1)!;
    console.log(`daemon to ready: ${started.startup_ms} ms after startDaemon() (first start, new PGlite database)`);
  });

  it('names HTTP_PORT when its port is taken, and SMTP_PORT likewise', async () => {
    const dataDir = makeTempDir('intake-startup-');
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
