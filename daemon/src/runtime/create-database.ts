/**
 * A new PGlite data directory is created, and migrated, in a short-lived process of its own
 * (create-database-child.ts), which then exits. Creating a cluster (PostgreSQL's initdb inside
 * PGlite) grows its WebAssembly memory to about 670 MB: in the daemon's own process that memory
 * stayed until V8 collected the closed instance, and was its high-water mark (over 800 MB before
 * the first document). The daemon then opens the directory as on any restart.
 *
 * The child creates it beside its place (`pglite.new`) and renames it into place once it is
 * migrated: a first start stopped half-way leaves no half-made database for the next one to open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { forkSibling } from './fork-sibling.js';

/** The data directory could not be created: its path, and why. */
export class DatabaseCreationError extends Error {
  override name = 'DatabaseCreationError';
  constructor(
    readonly dataDir: string,
    reason: string,
  ) {
    super(`Could not create the database in ${dataDir}: ${reason}`);
  }
}

/** What the child tells the daemon before it exits with an error. */
export interface CreationFailure {
  error: string;
}

/** The daemon's PGlite database inside its data directory. */
export const pgliteDir = (dataDir: string): string => path.join(dataDir, 'pglite');

/** A data directory held by this process, and its database: there, or being created. */
export interface PreparedDataDir {
  lock: DataDirLock;
  /** Resolves once the database exists (at once unless this is a first start); rejects with a DatabaseCreationError. */
  database: Promise<void>;
}

/**
 * Takes the data directory (PGlite has no lock between processes: it is held before anything
 * opens the database) and, on a first start, starts creating its database. `intake start` calls it
 * before it loads the daemon's modules, so that on a machine with a core to spare the creation
 * runs while they load.
 */
export async function prepareDataDir(dataDir: string): Promise<PreparedDataDir> {
  const lock = await acquireDataDirLock(dataDir);
  const dir = pgliteDir(dataDir);
  const database = hasDatabase(dir) ? Promise.resolve() : createDatabaseInChild(dir);
  // Awaited by startDaemon; a failure before then is not "unhandled".
  database.catch(() => {});
  return { lock, database };
}

/** Whether `dir` holds a PGlite database (PostgreSQL writes PG_VERSION first of all). */
export const hasDatabase = (dir: string): boolean => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** The directory the child creates the database in before renaming it to `dir`. */
export const stagingDir = (dir: string): string => `${dir}.new`;

/**
 * Creates and migrates the PGlite database `dir` (which has none) in a child process, and resolves
 * once it is in place; the caller holds the data directory's lock.
 */
export async function createDatabaseInChild(dir: string): Promise<void> {
  refuseOccupied(dir);
  const module = {
    built: new URL('./create-database-child.js', import.meta.url),
    source: new URL('./create-database-child.ts', import.meta.url),
  };
  const child = forkSibling(module, [dir, stagingDir(dir)], {
    // PGlite's own messages on stdout would land among the daemon's log lines.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let reason: string | undefined;
  child.on('message', (message: CreationFailure) => (reason = message.error));
  const exit = await new Promise<string | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code === 0 ? null : (signal ?? `exit code ${code}`)));
    child.once('error', (error) => resolve(error.message));
  });
  if (exit === null) return;
  fs.rmSync(stagingDir(dir), { recursive: true, force: true });
  throw new DatabaseCreationError(dir, reason ?? `the process creating it ended (${exit})`);
}

/**
 * Something at `dir` that is not an empty directory is no database to create there: a file, or
 * files PGlite did not write (or a creation that an older Intake left half-made). Said at once,
 * rather than after the seconds the creation takes.
 */
function refuseOccupied(dir: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new DatabaseCreationError(dir, error instanceof Error ? error.message : String(error));
  }
  if (entries.length > 0)
    throw new DatabaseCreationError(
      dir,
      'the directory is not empty and holds no PGlite database (no PG_VERSION): move it away or point DATA_DIR elsewhere',
    );
}
