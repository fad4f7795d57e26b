import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared folder beside the repository, which holds the labelled dev corpus; INTAKE_SHARED_DIR
 * names it elsewhere (a git worktree in a subfolder).
 */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SHARED = path.resolve(REPO_ROOT, process.env.INTAKE_SHARED_DIR ?? '../shared');
export const DEV_CORPUS = path.join(SHARED, 'corpus', 'dev');
export const HAS_CORPUS = existsSync(DEV_CORPUS);
export const NO_CORPUS_MESSAGE = `skipped: no dev corpus at ${DEV_CORPUS} (the shared folder beside the repository)`;

// Each test file that needs the corpus imports this module once: say on stderr why its tests skip.
if (!HAS_CORPUS) console.warn(NO_CORPUS_MESSAGE);
