/** `npm run docs:generate`: rewrites README.md's generated parts (see readme-reference.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/processes.js';
import { regenerate } from './readme-reference.js';

const file = path.join(REPO_ROOT, 'README.md');
const before = fs.readFileSync(file, 'utf8');
const after = regenerate(before);
if (after === before) {
  process.stdout.write('README.md is up to date\n');
} else {
  fs.writeFileSync(file, after);
  process.stdout.write('README.md: generated parts rewritten\n');
}
