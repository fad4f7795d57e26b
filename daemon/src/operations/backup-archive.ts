/**
 * The backup file: one gzipped tar holding
 *   manifest.json            what this is (BackupManifest)
 *   database/pglite.tar.gz   PGlite's data directory (PGlite's dumpDataDir), absent with PostgreSQL
 *   blobs/ab/cdef...         the stored files, as FileBlobStore lays them out
 * Nothing else is accepted when restoring.
 */

export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database/pglite.tar.gz';
export const BACKUP_FORMAT = 'intake-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  intake_version: string;
  database: 'pglite' | 'postgres';
  /** DATABASE_DUMP, or null with PostgreSQL (back the database up with pg_dump). */
  database_dump: string | null;
  /** Whether blobs/ holds the stored files (false with PostgreSQL keeping them in its blobs table). */
  files: boolean;
}

/** A path inside a backup that restore accepts: the manifest, the dump, the blob tree. */
export function isBackupPath(entryPath: string, type: string): boolean {
  const p = entryPath.replace(/\/$/, '');
  if (type === 'Directory') return p === 'database' || p === 'blobs' || /^blobs\/[0-9a-f]{2}$/.test(p);
  if (type !== 'File' && type !== 'OldFile') return false;
  return p === MANIFEST || p === DATABASE_DUMP || /^blobs\/[0-9a-f]{2}\/[0-9a-f]{62}$/.test(p);
}

/** The backup or restore cannot go on; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupError('The backup file has a manifest.json that is not JSON: not an Intake backup');
  }
  if (value.format !== BACKUP_FORMAT || typeof value.format_version !== 'number')
    throw new BackupError('The backup file is not an Intake backup (manifest.json names another format)');
  if (value.format_version > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `The backup has format version ${value.format_version}; this Intake reads up to ${BACKUP_FORMAT_VERSION}: restore it with a newer Intake`,
    );
  if (value.database !== 'pglite' && value.database !== 'postgres')
    throw new BackupError('The backup manifest names no database kind');
  return value as BackupManifest;
}
