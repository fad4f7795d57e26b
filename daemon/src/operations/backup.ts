import fs from 'node:fs';
import path from 'node:path';
import { create } from 'tar';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  DATABASE_DUMP,
  MANIFEST,
  type BackupManifest,
} from './backup-archive.js';

export interface BackupInput {
  out: string;
  intakeVersion: string;
  database: 'pglite' | 'postgres';
  /** PGlite's dump, taken by the daemon holding the data directory or by the CLI itself. */
  dump: (() => Promise<Uint8Array>) | null;
  /** Where the stored files are (fileBlobDir), or null when PostgreSQL holds them. */
  blobDir: string | null;
}

export interface BackupResult {
  out: string;
  bytes: number;
  database: 'pglite' | 'postgres';
  database_bytes: number | null;
  files: number;
  file_bytes: number;
}

/**
 * Writes the backup file. The database is dumped first, the files copied after: every file a row
 * of the dump names was stored before that row was committed, so it is in the copy (files stored
 * later come along unreferenced, which is harmless). Written to a temporary name, renamed at the end.
 */
export async function writeBackup(input: BackupInput): Promise<BackupResult> {
  const out = path.resolve(input.out);
  if (fs.existsSync(out)) throw new BackupError(`${out} exists: name a new file for the backup`);
  const staging = fs.mkdtempSync(`${out}.staging-`);
  const partial = `${out}.partial-${process.pid}`;
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: new Date().toISOString(),
      intake_version: input.intakeVersion,
      database: input.database,
      database_dump: input.dump ? DATABASE_DUMP : null,
      files: input.blobDir !== null,
    };
    let databaseBytes: number | null = null;
    if (input.dump) {
      const dump = await input.dump();
      databaseBytes = dump.byteLength;
      fs.mkdirSync(path.join(staging, 'database'));
      fs.writeFileSync(path.join(staging, DATABASE_DUMP), dump, { mode: 0o600 });
    }
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const entries = [MANIFEST, ...(input.dump ? ['database'] : [])];
    if (input.blobDir && fs.existsSync(input.blobDir)) {
      fs.symlinkSync(path.resolve(input.blobDir), path.join(staging, 'blobs'), 'dir');
      entries.push(...blobFiles(input.blobDir));
    }
    let files = 0;
    let fileBytes = 0;
    await create(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        // Paths go through the `blobs` link to the files themselves.
        follow: true,
        portable: true,
        mode: 0o600,
        filter: (entry, stat) => {
          // Creating, tar passes the file's fs.Stats (a ReadEntry only when extracting).
          if (entry.startsWith('blobs/') && 'isFile' in stat && stat.isFile()) {
            files++;
            fileBytes += stat.size;
          }
          return true;
        },
      },
      entries,
    );
    fs.renameSync(partial, out);
    return {
      out,
      bytes: fs.statSync(out).size,
      database: input.database,
      database_bytes: databaseBytes,
      files,
      file_bytes: fileBytes,
    };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The stored files as archive paths (`blobs/ab/cdef...`), listed here rather than by tar walking the
 * folder: a file being written has a `.tmp-` name until it is renamed whole (FileBlobStore), so a
 * walk could find one that is gone when it is read. Only final names are listed; they stay.
 */
function blobFiles(root: string): string[] {
  const files: string[] = [];
  for (const sub of fs.readdirSync(root, { withFileTypes: true })) {
    if (!sub.isDirectory() || !/^[0-9a-f]{2}$/.test(sub.name)) continue;
    for (const name of fs.readdirSync(path.join(root, sub.name)))
      if (/^[0-9a-f]{62}$/.test(name)) files.push(`blobs/${sub.name}/${name}`);
  }
  return files;
}
