import path from 'node:path';
import { findCorpus, type CorpusEntry } from '../../packages/extraction-lab/src/eval/evaluate-corpus.js';
import { LOCKED_LIST_FILE } from '../../packages/extraction-lab/src/corpus/locked-split-list.js';
import { readLockedList } from '../../packages/extraction-lab/src/eval/locked-split.js';

/**
 * The locked test split (the lab's list in the repository, paths `set/file` under ../shared/corpus):
 * documents no test or benchmark reads, so that no output of theirs (a missed total, a peak) is seen
 * before the split is scored once.
 */
const locked = await readLockedList(LOCKED_LIST_FILE);

/** Whether `file` (a path under a corpus set's folder, as `CORPUS/dev/FILE`) is locked. */
export function isLocked(file: string): boolean {
  return locked.has(`${path.basename(path.dirname(file))}/${path.basename(file)}`);
}

/** A corpus folder's labelled documents (the lab's findCorpus) without the locked ones. */
export async function openCorpus(dir: string): Promise<CorpusEntry[]> {
  return (await findCorpus(dir)).filter((entry) => !isLocked(entry.file));
}
