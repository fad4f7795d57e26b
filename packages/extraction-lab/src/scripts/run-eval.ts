/**
 * `npm run eval:extraction [-- --json]`: the lab's `eval` over all development data (dev, dev-large,
 * dev-xl and the scans rendered from their text PDFs, made first when absent), by held-out folds,
 * with the locked test split (locked-split.txt) set aside. `-- --score-locked` scores the locked
 * split as well (aggregate figures only): that is the measurement made once, at the end of a change.
 * Each fold's confidence calibration is fitted on the synthetic calibration documents as well, as
 * the shipped one is (`--synthetic-calibration`; `-- --no-synthetic-calibration` leaves them out).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { developmentCorpora, LOCKED_LIST_FILE, requireDevelopmentData } from '../corpus/corpora.js';

requireDevelopmentData('npm run eval:extraction');
// The lab's CLI from the sources, every @intake/* package from its sources too, so that the
// figures are those of the tree as it is, not of a dist/ built before the last change.
const cli = fileURLToPath(new URL('../../bin/intake-lab.mjs', import.meta.url));
// The calibration is fitted as the shipped one is, on the synthetic calibration documents too,
// unless `-- --no-synthetic-calibration` asks for the real inner folds alone.
const own = process.argv.slice(2);
const realOnly = own.includes('--no-synthetic-calibration');
const args = [
  '--conditions=@intake/source',
  cli,
  'eval',
  ...(await developmentCorpora()),
  '--locked',
  LOCKED_LIST_FILE,
  ...(realOnly ? [] : ['--synthetic-calibration']),
  ...own.filter((arg) => arg !== '--no-synthetic-calibration'),
];
const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
