import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The locked test split (packages/extraction-lab/src/corpus/locked-split.txt, paths `set/file`
 * under ../shared/corpus): documents no test or benchmark reads, so that no output of theirs (a
 * missed total, a peak) is seen before the split is scored once.
 */
const LIST = fileURLToPath(new URL('../../packages/extraction-lab/src/corpus/locked-split.txt', import.meta.url));

const locked = new Set(fs.readFileSync(LIST, 'utf8').split('\n').filter(Boolean));

/** Whether `file` (a path under a corpus set's folder, as `CORPUS/dev/FILE`) is locked. */
export function isLocked(file: string): boolean {
  return locked.has(`${path.basename(path.dirname(file))}/${path.basename(file)}`);
}
