/**
 * The process that creates a new PGlite data directory (forked by create-database.ts): initdb and
 * every migration in the staging directory, which it then renames into place, and exits. All the
 * memory the creation took goes back to the operating system with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { createSqlStorage } from '@intake/storage-sql';
import type { CreationFailure } from './create-database.js';

const [target, staging] = process.argv.slice(2) as [string, string];

// The daemon is gone (its IPC channel closed): nobody will open what this would create.
process.on('disconnect', () => process.exit(1));

try {
  // Left by a creation that was stopped half-way: the daemon holds the data directory's lock.
  fs.rmSync(staging, { recursive: true, force: true });
  const storage = await createSqlStorage({ kind: 'pglite', dataDir: staging, keepCreatingInstance: true });
  await storage.close();
  fs.renameSync(staging, target);
  // The rename itself reaches the disk once the directory holding it is synced.
  const parent = fs.openSync(path.dirname(target), 'r');
  fs.fsyncSync(parent);
  fs.closeSync(parent);
  process.exit(0);
} catch (error) {
  const failure: CreationFailure = { error: error instanceof Error ? error.message : String(error) };
  process.send!(failure, () => process.exit(1));
}
