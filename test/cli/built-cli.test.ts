/**
 * The shipped `intake` (daemon/bin/intake.mjs) runs the built JavaScript with plain Node: no tsx, no
 * compilation at start. `npm install` builds it (the root `prepare` script). Prints the start-up
 * time it saw, for docs/benchmarks.md; asserts no timing.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { childEnv, INTAKE_BIN, REPO_ROOT } from '../support/processes.js';

const run = promisify(execFile);
const BUILT_MAIN = path.join(REPO_ROOT, 'daemon', 'dist', 'cli', 'bin.js');
const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'daemon', 'package.json'), 'utf8')) as {
  version: string;
};

describe('the built intake CLI', () => {
  it('is built (npm install runs the build)', () => {
    expect(fs.existsSync(BUILT_MAIN), `${BUILT_MAIN} is missing: run npm run build`).toBe(true);
  });

  it('prints its help with plain node, listing every command', async () => {
    const started = process.hrtime.bigint();
    const { stdout } = await run(process.execPath, [INTAKE_BIN, '--help'], { env: childEnv({}), cwd: REPO_ROOT });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`intake --help took ${ms.toFixed(0)} ms (built JavaScript)`);
    for (const command of ['start', 'orgs', 'keys', 'credits', 'webhooks', 'extract', 'eval'])
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    expect(stdout).toContain('-V, --version');
  });

  it('--version prints the version of @intake/daemon', async () => {
    const { stdout } = await run(process.execPath, [INTAKE_BIN, '--version'], { env: childEnv({}) });
    expect(stdout).toBe(`${version}\n`);
  });

  it('lists the new subcommands', async () => {
    const keys = (await run(process.execPath, [INTAKE_BIN, 'keys', '--help'], { env: childEnv({}) })).stdout;
    expect(keys).toMatch(/^ {2}list \[options\]/m);
    expect(keys).toMatch(/^ {2}revoke \[options\]/m);
    expect((await run(process.execPath, [INTAKE_BIN, 'orgs', '--help'], { env: childEnv({}) })).stdout).toMatch(
      /^ {2}list \[options\]/m,
    );
  });
});
