import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED } from './shared-location.js';
import { chooseLockedSplit, splitDocumentOf, type SplitDocument } from './split-groups.js';

/** The locked test split's list (paths relative to ../shared/corpus) and its recorded sha256. */
export const LOCKED_LIST_FILE = fileURLToPath(new URL('locked-split.txt', import.meta.url));
export const LOCKED_HASH_FILE = fileURLToPath(new URL('locked-split.sha256', import.meta.url));

/** The corpora the split is chosen from, by their folder names under ../shared/corpus. */
export const SPLIT_CORPORA = ['dev', 'dev-large', 'dev-xl'];

/** Every labelled document of the development corpora, as the split sees it. */
export async function splitDocuments(): Promise<SplitDocument[]> {
  const docs: SplitDocument[] = [];
  for (const corpus of SPLIT_CORPORA) {
    const dir = path.join(SHARED, 'corpus', corpus);
    const names = await readdir(dir);
    for (const name of names.filter((n) => n.endsWith('.expected.json')).sort()) {
      const stem = name.slice(0, -'.expected.json'.length);
      const file = names.find((n) => n !== name && n.startsWith(`${stem}.`) && !n.endsWith('.json'));
      if (!file) continue;
      const expected = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Record<string, unknown>;
      docs.push(splitDocumentOf(`${corpus}/${file}`, expected));
    }
  }
  return docs;
}

export async function lockedSplitOfCorpus(): Promise<string[]> {
  return chooseLockedSplit(await splitDocuments());
}
