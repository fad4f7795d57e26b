// `npm run lint:packages`: every workspace package as a user would get it. publint checks the
// manifest against the files the tarball ships; @arethetypeswrong checks that the shipped
// declarations resolve like the JavaScript under Node's ESM resolution (the packages are ESM-only,
// hence the esm-only profile). Needs the build (`npm run build`, run by `npm install`).
//
// One `npm pack` of every published workspace packs them all, and both tools read those tarballs in this one
// process: their CLIs each ran `npm pack` again per package and attw loaded TypeScript per package,
// 18 npm and 9 TypeScript start-ups (41 s of CPU against 9 s this way).
// The checks are the CLIs' own: publint's API with `strict` and every level, attw's core with the
// CLI's exit rule and table (`@arethetypeswrong/cli/internal/*`, which the CLI exports for this).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as attw from '@arethetypeswrong/core';
import { getExitCode } from '@arethetypeswrong/cli/internal/getExitCode';
import { typed } from '@arethetypeswrong/cli/internal/render';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirOf = new Map(
  [...fs.readdirSync(path.join(root, 'packages')).map((d) => path.join('packages', d)), 'daemon']
    .filter((d) => fs.existsSync(path.join(root, d, 'package.json')))
    .map((d) => [d, JSON.parse(fs.readFileSync(path.join(root, d, 'package.json'), 'utf8'))])
    // A private package (the extraction lab) is never published: there is nothing a user gets to check.
    .filter(([, manifest]) => !manifest.private)
    .map(([d, manifest]) => [manifest.name, d]),
);
// What `attw --profile esm-only` sets: CommonJS resolutions do not count.
const attwOptions = { format: 'table-flipped', ignoreResolutions: ['node10', 'node16-cjs'] };

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-lint-packages-'));
let failed = 0;
const report = (ok, tool, dir, detail = '') => {
  if (!ok) failed += 1;
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${tool} ${dir}\n${ok ? '' : `${detail}\n`}`);
};
try {
  const packed = JSON.parse(
    execFileSync(
      'npm',
      ['pack', ...[...dirOf.values()].map((d) => `--workspace=${d}`), '--json', '--pack-destination', out],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      },
    ),
  );
  const seen = new Set(packed.map((p) => p.name));
  for (const [name, dir] of dirOf) if (!seen.has(name)) report(false, 'npm pack', dir, `${name} was not packed`);
  for (const { name, filename } of packed) {
    const dir = dirOf.get(name) ?? name;
    const tarball = fs.readFileSync(path.join(out, filename));
    try {
      const { messages, pkg } = await publint({
        pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
        level: 'suggestion',
        strict: true,
      });
      const lines = messages.map((m) => `${m.type}: ${formatMessage(m, pkg)}`).join('\n');
      report(!messages.some((m) => m.type === 'error'), 'publint', dir, lines);
    } catch (error) {
      report(false, 'publint', dir, String(error?.stack ?? error));
    }
    try {
      const analysis = await attw.checkPackage(attw.createPackageFromTarballData(new Uint8Array(tarball)));
      const failing = analysis.types ? getExitCode(analysis, attwOptions) !== 0 : false;
      report(!failing, 'attw', dir, failing ? await typed(analysis, attwOptions) : '');
    } catch (error) {
      report(false, 'attw', dir, String(error?.stack ?? error));
    }
  }
} catch (error) {
  report(false, 'npm pack', '--workspaces', `${error.stdout ?? ''}${error.stderr ?? ''}${error.message}`);
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
process.exitCode = failed === 0 ? 0 : 1;
