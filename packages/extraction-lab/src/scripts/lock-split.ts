/**
 * Writes the locked test split (packages/extraction-lab/src/corpus/locked-split.txt) and its sha256 beside it,
 * from the expected.json files of dev, dev-large and dev-xl alone (see split-groups.ts). Run once,
 * before any extraction change it is to measure; the list is then kept as it is, and
 * locked-split.test.ts checks the file against its recorded hash and against this method.
 */
import { writeFile } from 'node:fs/promises';
import { listText, sha256Of } from '../corpus/split-groups.js';
import { LOCKED_HASH_FILE, LOCKED_LIST_FILE, lockedSplitOfCorpus } from '../corpus/locked-split-list.js';
import { requireDevelopmentData } from '../corpus/corpora.js';

requireDevelopmentData('lock-split');
const text = listText(await lockedSplitOfCorpus());
await writeFile(LOCKED_LIST_FILE, text);
await writeFile(LOCKED_HASH_FILE, `${sha256Of(text)}  locked-split.txt\n`);
console.log(`${text.trim().split('\n').length} documents locked; sha256 ${sha256Of(text)}`);
