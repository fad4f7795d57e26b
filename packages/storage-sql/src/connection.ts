import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

/** Which engine a storage runs on: a PostgreSQL server (`DATABASE_URL`) or embedded PGlite. */
export type DatabaseKind = 'postgres' | 'pglite';

/** Where the data lives: a PostgreSQL server, a PGlite directory, or a PGlite instance you made. */
export type ConnectionOptions =
  | { kind: 'postgres'; databaseUrl: string; poolMax?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      pglite?: PGlite;
      onFsync?: (file: string) => void;
      /**
       * A new `dataDir` is created by one instance, which is closed and replaced by another (see
       * createPglite). `true` keeps the instance that created it: for a process that only creates
       * the directory and ends, which saves it the second start.
       */
      keepCreatingInstance?: boolean;
    };

export interface OpenedDatabase {
  knex: Knex;
  kind: DatabaseKind;
}

/**
 * knex writes its warnings (a failed connection attempt, for one) with console.log, to stdout by
 * default, where a CLI's `--json` output goes: they go to stderr instead.
 */
const KNEX_LOG = {
  warn: (message: unknown) => console.warn(message),
  error: (message: unknown) => console.error(message),
  deprecate: (message: unknown) => console.warn(message),
  debug: (message: unknown) => console.error(message),
};

/** Opens knex over PostgreSQL (pg) or embedded PGlite. */
export async function openDatabase(options: ConnectionOptions): Promise<OpenedDatabase> {
  if (options.kind === 'postgres') {
    const knex = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
      log: KNEX_LOG,
    });
    return { knex, kind: 'postgres' };
  }
  const pglite = options.pglite ?? (await createPglite(options));
  // knex-pglite forces a pool of one connection (PGlite is single-connection); passing `pool` is refused.
  const knex = knexFactory({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
  return { knex, kind: 'pglite' };
}

/**
 * PostgreSQL's memory lives in PGlite's WebAssembly memory, which never shrinks: whatever it touches
 * once stays resident for the life of the process. PGlite's defaults are a server's (160 MB of
 * shared buffers, 64 MB for index builds); one connection over a daemon's tables needs far less, and
 * the operating system's page cache still holds the files. Measured on a reopened directory after a
 * hundred thousand rows were read: 333 MB resident with the defaults, 169 MB with these.
 */
const MEMORY_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/** PGlite's start parameters with fsync on (see SyncingNodeFS) and the memory above. */
const START_PARAMS = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), ...MEMORY_PARAMS];

async function createPglite({
  dataDir,
  loadDataDir,
  onFsync,
  keepCreatingInstance,
}: Extract<ConnectionOptions, { kind: 'pglite' }>): Promise<PGlite> {
  if (dataDir === undefined)
    return PGlite.create({
      startParams: [...PGlite.defaultStartParams, ...MEMORY_PARAMS],
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const open = (load?: Blob): Promise<PGlite> =>
    PGlite.create({
      fs: new SyncingNodeFS(dir, onFsync),
      startParams: START_PARAMS,
      ...(load ? { loadDataDir: load } : {}),
    });
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return open();
  if (keepCreatingInstance) return open(loadDataDir);
  // Creating a cluster (initdb inside PGlite) grows its WebAssembly memory to about 670 MB, which
  // the instance would keep: the new directory is closed and opened again, at about 260 MB. (The
  // process's high-water mark keeps the 670 MB all the same: Intake's daemon creates its directory
  // in a short-lived process of its own.)
  await (await open(loadDataDir)).close();
  return open();
}

/** The parts of Emscripten's NODEFS this touches (PGlite's types do not describe them). */
interface EmscriptenNodeFs {
  realPath(node: unknown): string;
  /** Runs `fn`, turning a Node error into the errno PostgreSQL sees. */
  tryFSOperation<T>(fn: () => T): T;
  stream_ops: { fsync?: (stream: { node: unknown; nfd: number }) => number };
}

/**
 * PGlite's data directory with PostgreSQL's fsync calls made real.
 *
 * PGlite starts PostgreSQL with fsync off (`-F`), and Emscripten's NODEFS has no fsync anyway: data
 * files written at a checkpoint, and `pg_control` naming the new checkpoint, reach the operating
 * system but may reach the disk in any order. A power cut just after a checkpoint could then leave
 * a `pg_control` that starts recovery past log records whose pages never reached the disk: rows
 * committed before the checkpoint lost, although the log held them when they were committed.
 *
 * So PostgreSQL runs with fsync on, and NODEFS gets an fsync that calls fsync(2). PostgreSQL then
 * syncs what it always syncs on a server: the data files at every checkpoint before `pg_control`,
 * `pg_control` itself, new log segments, directories it changed. The log flush at commit goes
 * through fdatasync, which stays a no-op in Emscripten: commits are not slowed, and the SMTP edge
 * syncs the log itself (wal-sync.ts) where a commit must be durable. fsync(2) here blocks the one
 * thread (PGlite runs in it) for a millisecond or a few per file, a few dozen files per checkpoint
 * (every 5 minutes at most, while there are writes).
 */
class SyncingNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly onFsync?: (file: string) => void,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (module: { NODEFS?: EmscriptenNodeFs }) => {
        const nodefs = module.NODEFS;
        // @electric-sql/pglite is pinned to an exact version for this; a build that moved it fails loudly.
        if (
          !nodefs?.stream_ops ||
          typeof nodefs.realPath !== 'function' ||
          typeof nodefs.tryFSOperation !== 'function'
        ) {
          throw new Error(
            'This PGlite build has no NODEFS as Intake expects it: cannot make its fsync real (see SyncingNodeFS)',
          );
        }
        nodefs.stream_ops.fsync = (stream) => {
          nodefs.tryFSOperation(() => fs.fsyncSync(stream.nfd));
          this.onFsync?.(nodefs.realPath(stream.node));
          return 0;
        };
      },
    ];
    return result;
  }
}
