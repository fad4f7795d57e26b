import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared folder beside the repository, which holds the labelled development corpora;
 * INTAKE_SHARED_DIR names it elsewhere (a git worktree in a subfolder).
 */
const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
export const SHARED = path.resolve(REPO_ROOT, process.env.INTAKE_SHARED_DIR ?? '../shared');
