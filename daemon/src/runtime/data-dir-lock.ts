import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/** Another process (a daemon or a CLI command) holds the data directory. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Intake process${holderPid ? ` (pid ${holderPid})` : ''}. ` +
        'PGlite allows one process per data directory: stop that process, or point DATA_DIR elsewhere.',
    );
  }
}

/**
 * Where the lock socket lives. On Linux it is an abstract socket: the kernel frees the name the
 * moment the holder dies, even by SIGKILL, so there is never a stale lock to clean up. Elsewhere it
 * is a socket file in the data directory, taken over when nothing answers on it.
 */
export function lockSocketPath(dataDir: string): string {
  const real = fs.realpathSync(dataDir);
  if (process.platform === 'linux') {
    return `\0intake-${createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
  }
  return path.join(real, 'intake.sock');
}

const PID_FILE = 'intake.pid';

export interface DataDirLock {
  readonly dataDir: string;
  readonly socketPath: string;
  /** Serves requests arriving on the lock socket (the admin plane); 503 until set. */
  setHandler(handler: http.RequestListener): void;
  release(): Promise<void>;
}

/**
 * Takes the data directory for this process by binding its lock socket; the same socket then carries
 * admin requests from CLI commands, so they work while the daemon runs.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const dir = fs.realpathSync(dataDir);
  const socketPath = lockSocketPath(dir);
  let handler: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          code: 'service_unavailable',
          message: `pid ${process.pid} holds the data directory but serves no admin requests`,
          status: 503,
        },
      }),
    );
  };
  const server = http.createServer((req, res) => handler(req, res));
  await listenExclusively(server, socketPath, dir);
  fs.writeFileSync(path.join(dir, PID_FILE), `${process.pid}\n`);
  let released = false;
  return {
    dataDir: dir,
    socketPath,
    setHandler(next) {
      handler = next;
    },
    async release() {
      if (released) return;
      released = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(path.join(dir, PID_FILE), { force: true });
    },
  };
}

async function listenExclusively(server: http.Server, socketPath: string, dir: string): Promise<void> {
  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const abstract = socketPath.startsWith('\0');
    if (abstract || (await answers(socketPath))) throw new DataDirBusyError(dir, readPid(dir));
    fs.rmSync(socketPath, { force: true });
    await listen(server, socketPath);
  }
}

function listen(server: http.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(socketPath, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function readPid(dir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, PID_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
