import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultCacheDir } from '../eval/cache-dir.js';
import { SHARED } from './shared-location.js';
import { LOCKED_LIST_FILE, SPLIT_CORPORA } from './locked-split-list.js';
import { makeScans } from './make-scans.js';

export { LOCKED_LIST_FILE };

/**
 * The development data: dev, dev-large and dev-xl from ../shared, plus scans rendered from their
 * text PDFs into the eval cache (outside the repository; made again when absent). The documents of
 * the locked test split (locked-split.txt) are among them; the eval sets them aside and training
 * leaves them out (see lockedOut).
 */
export const DEV_DIRS = SPLIT_CORPORA.map((name) => path.join(SHARED, 'corpus', name));
export const HAS_DEV_DATA = DEV_DIRS.every((dir) => existsSync(dir));

/**
 * For the scripts that need the development data (training, the full eval): says on stderr what is
 * missing and ends the process with exit code 1, instead of a stack trace, in a clone without it.
 */
export function requireDevelopmentData(script: string): void {
  if (HAS_DEV_DATA) return;
  process.stderr.write(
    `${script}: needs the development corpora, which are not in this clone: ${DEV_DIRS.join(', ')}\n`,
  );
  process.exit(1);
}

export async function developmentCorpora(cacheDir = defaultCacheDir()): Promise<string[]> {
  const scans: string[] = [];
  for (const dir of DEV_DIRS) {
    const out = path.join(cacheDir, 'scans', path.basename(dir));
    await makeScans(dir, out);
    scans.push(out);
  }
  return [...DEV_DIRS, ...scans];
}
