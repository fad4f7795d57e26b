/** `npm run docs:generate`: rewrites the handbook's generated parts (see readme-reference.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/processes.js';
import { GENERATED_PARTS, regenerate } from './readme-reference.js';

for (const file of Object.keys(GENERATED_PARTS)) {
  const full = path.join(REPO_ROOT, file);
  const before = fs.readFileSync(full, 'utf8');
  const after = regenerate(file, before);
  if (after === before) {
    process.stdout.write(`${file} is up to date\n`);
  } else {
    fs.writeFileSync(full, after);
    process.stdout.write(`${file}: generated parts rewritten\n`);
  }
}
