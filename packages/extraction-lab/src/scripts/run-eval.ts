/**
 * `npm run eval:extraction [-- --json]`: the lab's `eval` over all development data (dev, dev-large,
 * dev-xl and the scans rendered from their text PDFs, made first when absent), by held-out folds,
 * with the locked test split (locked-split.txt) set aside. `-- --score-locked` scores the locked
 * split as well (aggregate figures only): that is the measurement made once, at the end of a change.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { developmentCorpora, LOCKED_LIST_FILE, requireDevelopmentData } from '../corpus/corpora.js';

requireDevelopmentData('npm run eval:extraction');
// The lab's CLI from the sources, every @intake/* package from its sources too, so that the
// figures are those of the tree as it is, not of a dist/ built before the last change.
const cli = fileURLToPath(new URL('../../bin/intake-lab.mjs', import.meta.url));
const args = [
  '--conditions=@intake/source',
  cli,
  'eval',
  ...(await developmentCorpora()),
  '--locked',
  LOCKED_LIST_FILE,
  ...process.argv.slice(2),
];
const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
