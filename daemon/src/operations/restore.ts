import fs from 'node:fs';
import path from 'node:path';
import { extract } from 'tar';
import { createSqlStorage } from '@intake/storage-sql';
import { acquireDataDirLock } from '../runtime/data-dir-lock.js';
import { BackupError, isBackupPath, MANIFEST, parseManifest, type BackupManifest } from './backup-archive.js';

export interface RestoreResult {
  data_dir: string;
  database: BackupManifest['database'];
  created_at: string;
  /** Rows restored into PGlite (null with a PostgreSQL backup: restore its pg_dump). */
  jobs: number | null;
  messages: number | null;
  files: number;
}

/**
 * Restores a backup file into `dataDir`, which must be empty or absent. The files go to
 * DATA_DIR/blobs, the PGlite dump to DATA_DIR/pglite (opened once, which migrates it to this
 * version). On any failure what was written is removed again, leaving the directory empty.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  const dir = path.resolve(dataDir);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new BackupError(`${dir} is not empty: restore into an empty or new directory`);
  // Held like a daemon holds it, so no daemon starts on the directory half restored.
  const lock = await acquireDataDirLock(dir);
  const staging = fs.mkdtempSync(path.join(dir, '.restore-'));
  try {
    const refused: string[] = [];
    try {
      await extract({
        file,
        cwd: staging,
        strict: true,
        filter: (entryPath, entry) => {
          const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
          if (isBackupPath(entryPath, type)) return true;
          refused.push(entryPath);
          return false;
        },
      });
    } catch (error) {
      throw new BackupError(`${file} is not a readable backup (a gzipped tar): ${(error as Error).message}`);
    }
    if (refused.length > 0)
      throw new BackupError(`${file} holds entries no Intake backup has: ${refused.slice(0, 5).join(', ')}`);
    if (!fs.existsSync(path.join(staging, MANIFEST))) throw new BackupError(`${file} has no manifest.json`);
    const manifest = parseManifest(fs.readFileSync(path.join(staging, MANIFEST), 'utf8'));
    const blobs = path.join(staging, 'blobs');
    const files = fs.existsSync(blobs) ? countFiles(blobs) : 0;
    if (files > 0) fs.renameSync(blobs, path.join(dir, 'blobs'));
    let jobs: number | null = null;
    let messages: number | null = null;
    if (manifest.database_dump) {
      const dump = path.join(staging, manifest.database_dump);
      if (!fs.existsSync(dump)) throw new BackupError(`${file} names ${manifest.database_dump} but does not hold it`);
      const storage = await createSqlStorage({
        kind: 'pglite',
        dataDir: path.join(dir, 'pglite'),
        loadDataDir: new Blob([fs.readFileSync(dump)]),
        extractorCache: false,
      });
      try {
        jobs = Number((await storage.knex('jobs').count({ n: '*' }))[0]!.n);
        messages = Number((await storage.knex('inbound_messages').count({ n: '*' }))[0]!.n);
        await storage.syncToDisk();
      } finally {
        await storage.close();
      }
    }
    return { data_dir: dir, database: manifest.database, created_at: manifest.created_at, jobs, messages, files };
  } catch (error) {
    await lock.release();
    for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await lock.release();
  }
}

function countFiles(root: string): number {
  let n = 0;
  for (const sub of fs.readdirSync(root, { withFileTypes: true }))
    if (sub.isDirectory()) n += fs.readdirSync(path.join(root, sub.name)).length;
  return n;
}
