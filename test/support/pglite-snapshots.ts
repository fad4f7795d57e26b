import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createSqlStorage } from '@intake/storage-sql';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where the checks keep their caches too (test/README.md). */
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'intake');
/** What the snapshots are made from: the migrations and the code that runs them, PGlite's version (in the lockfile), and this file. */
const INPUTS = [
  path.join('packages', 'storage-sql', 'src'),
  'package-lock.json',
  path.join('test', 'support', 'pglite-snapshots.ts'),
];
/** Another key's snapshots not used for this long are removed (a run still using them would have touched them). */
const STALE_MS = 60 * 60 * 1000;

export interface PgliteSnapshots {
  /** A dump of a migrated PGlite database. */
  migrated: string;
  /** A dump of a PGlite database before any migration. */
  empty: string;
  /** A DATA_DIR holding only a migrated, empty PGlite database (`pglite/`), to copy, never to open. */
  dataDirTemplate: string;
}

/**
 * The PGlite snapshots every run needs, kept between runs in `node_modules/.cache/intake/pglite-<key>/`:
 * making them costs about 7 CPU s (PGlite's initdb 4, the migrations and two dumps 1.3, the template
 * opened on disk with fsync on 1.7) and tens of seconds of wall time on a loaded machine, every
 * run alike. The key is a digest of what they are made from (INPUTS), so a change to a migration,
 * to the storage code or to PGlite's version makes new ones. They are made in a folder of their own
 * and renamed into place, so a run sees a complete set or none; two runs making them at once keep
 * the first. Tests read the dumps and copy the template; none writes into them.
 */
export async function pgliteSnapshots(): Promise<PgliteSnapshots> {
  const dir = path.join(CACHE_DIR, `pglite-${inputsKey()}`);
  const files = (root: string): PgliteSnapshots => ({
    migrated: path.join(root, 'pglite-migrated.tar'),
    empty: path.join(root, 'pglite-empty.tar'),
    dataDirTemplate: path.join(root, 'data-dir-template'),
  });
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  if (!fs.existsSync(dir)) {
    const building = fs.mkdtempSync(path.join(CACHE_DIR, 'pglite-making-'));
    try {
      await make(files(building));
      fs.renameSync(building, dir);
    } catch (error) {
      fs.rmSync(building, { recursive: true, force: true });
      // Another run renamed its complete set into place first.
      if (!fs.existsSync(dir)) throw error;
    }
  }
  const now = new Date();
  fs.utimesSync(dir, now, now);
  removeStale(dir);
  return files(dir);
}

async function make(to: PgliteSnapshots): Promise<void> {
  const instance = await PGlite.create();
  // Unmigrated too: restoring a dump takes about a second, a fresh PGlite's initdb several.
  fs.writeFileSync(to.empty, Buffer.from(await (await instance.dumpDataDir('none')).arrayBuffer()));
  const pglite = await createSqlStorage({ kind: 'pglite', pglite: instance });
  const dump = await instance.dumpDataDir('none');
  fs.writeFileSync(to.migrated, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  const onDisk = await createSqlStorage({
    kind: 'pglite',
    dataDir: path.join(to.dataDirTemplate, 'pglite'),
    loadDataDir: new Blob([fs.readFileSync(to.migrated)]),
  });
  await onDisk.close();
}

/** A digest of every file in INPUTS (paths and contents). */
function inputsKey(): string {
  const hash = createHash('sha256');
  const add = (relative: string): void => {
    const absolute = path.join(REPO_ROOT, relative);
    if (fs.statSync(absolute).isDirectory()) {
      for (const name of fs.readdirSync(absolute).sort()) add(path.join(relative, name));
      return;
    }
    hash.update(`${relative}\0`).update(fs.readFileSync(absolute)).update('\0');
  };
  for (const input of INPUTS) add(input);
  return hash.digest('hex').slice(0, 16);
}

/** Other keys' snapshots, and sets left half made by an interrupted run, once unused for STALE_MS. */
function removeStale(keep: string): void {
  for (const name of fs.readdirSync(CACHE_DIR)) {
    const entry = path.join(CACHE_DIR, name);
    if (!name.startsWith('pglite-') || entry === keep) continue;
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > STALE_MS) fs.rmSync(entry, { recursive: true, force: true });
  }
}
