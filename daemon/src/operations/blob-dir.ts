import path from 'node:path';
import type { ResolvedConfig } from '../config/config.schema.js';

/**
 * Where the stored files live as files: BLOB_DIR when set, else DATA_DIR/blobs with PGlite. Null
 * with DATABASE_URL and no BLOB_DIR: the files are rows of PostgreSQL's `blobs` table then.
 */
export function fileBlobDir(config: Pick<ResolvedConfig, 'BLOB_DIR' | 'DATABASE_URL' | 'DATA_DIR'>): string | null {
  if (config.BLOB_DIR) return config.BLOB_DIR;
  return config.DATABASE_URL ? null : path.join(config.DATA_DIR, 'blobs');
}
