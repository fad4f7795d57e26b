import { existsSync } from 'node:fs';
import path from 'node:path';
import { SHARED } from '../../packages/extraction-lab/src/corpus/shared-location.js';

/** The shared folder beside the repository (see the lab's shared-location.ts) and its dev corpus. */
export { SHARED };
export const DEV_CORPUS = path.join(SHARED, 'corpus', 'dev');
export const HAS_CORPUS = existsSync(DEV_CORPUS);
export const NO_CORPUS_MESSAGE = `skipped: no dev corpus at ${DEV_CORPUS} (the shared folder beside the repository)`;

// Each test file that needs the corpus imports this module once: say on stderr why its tests skip.
if (!HAS_CORPUS) console.warn(NO_CORPUS_MESSAGE);
