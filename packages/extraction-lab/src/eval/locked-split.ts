import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CorpusEntry } from './evaluate-corpus.js';

/**
 * A locked test split for `intake eval --locked FILE`: documents set aside from the folds (and from
 * training), scored only as a whole. The file lists one document a line as `folder/file` (its
 * folder's name and its file name, e.g. `dev/dev-29.png`); blank lines and `#` comments are
 * ignored. A document made from a listed one (a scan rendered from a listed PDF, whose
 * expected.json keeps the original's `source`) is locked with it, so that no rendering of a locked
 * document is trained on.
 */
export async function readLockedList(file: string): Promise<Set<string>> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    const code = (error as { code?: string }).code ?? String(error);
    throw new Error(`cannot read the locked list ${file} (${code})`);
  });
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

/**
 * The entries split into those the folds use and the locked ones. Give it every directory's
 * entries at once: a rendering is found locked by its original's source, wherever it lies.
 */
export function partitionLocked(
  entries: readonly CorpusEntry[],
  locked: ReadonlySet<string>,
): { open: CorpusEntry[]; locked: CorpusEntry[] } {
  const key = (e: CorpusEntry) => `${path.basename(path.dirname(e.file))}/${path.basename(e.file)}`;
  const listed = entries.filter((e) => locked.has(key(e)));
  const sources = new Set(listed.map((e) => e.expected.source).filter((s): s is string => Boolean(s)));
  const isLocked = (e: CorpusEntry) =>
    locked.has(key(e)) || (e.expected.source ? sources.has(e.expected.source) : false);
  return { open: entries.filter((e) => !isLocked(e)), locked: entries.filter(isLocked) };
}
