// `npm run lint:packages`: every workspace package as a user would get it. publint checks the
// manifest against the files `npm pack` would ship; @arethetypeswrong/cli checks that the shipped
// declarations resolve like the JavaScript under Node's ESM resolution (the packages are ESM-only,
// hence --profile esm-only). Needs the build (`npm run build`, run by `npm install`).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const dirs = [...fs.readdirSync(path.join(root, 'packages')).map((d) => path.join('packages', d)), 'daemon'].filter(
  (d) => fs.existsSync(path.join(root, d, 'package.json')),
);

let failed = 0;
for (const dir of dirs) {
  const cwd = path.join(root, dir);
  for (const [tool, args] of [
    ['publint', ['--strict', '--level', 'suggestion']],
    ['attw', ['--pack', '.', '--profile', 'esm-only', '--format', 'table-flipped']],
  ]) {
    try {
      execFileSync(bin(tool), args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
      process.stdout.write(`ok   ${tool} ${dir}\n`);
    } catch (error) {
      failed += 1;
      process.stdout.write(`FAIL ${tool} ${dir}\n${error.stdout ?? ''}${error.stderr ?? ''}\n`);
    }
  }
}
process.exitCode = failed === 0 ? 0 : 1;
