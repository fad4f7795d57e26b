/**
 * `npm run eval:extraction [-- --json]`: `intake eval` over all development data (dev, dev-large
 * and the scans rendered from their text PDFs, made first when absent), by held-out folds.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { developmentCorpora, requireDevelopmentData } from './corpora.js';

requireDevelopmentData('npm run eval:extraction');
const cli = fileURLToPath(new URL('../../../daemon/bin/intake.mjs', import.meta.url));
const result = spawnSync(process.execPath, [cli, 'eval', ...(await developmentCorpora()), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
