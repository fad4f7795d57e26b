import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { cliIo } from '../io.js';

/**
 * `intake eval` scores labelled documents by held-out folds. That is development work on the
 * extractor (training a ranker per fold, calibrating it, a locked test split), so it lives in the
 * repository's extraction lab (packages/extraction-lab, never published). In a clone the command
 * hands its arguments to the lab's CLI (`intake-lab eval`, the same as `npm run lab -- eval`); an
 * installed daemon has no lab beside it and says where scoring is.
 */
export const EVAL_MOVED =
  'intake eval: scoring labelled documents is a command of the extraction lab, which is not published. ' +
  'In a clone of the Intake repository run: npx intake eval DIR... or npm run lab -- eval DIR... (see docs/extraction/evaluation.md)';

/** The lab's CLI in a clone: daemon/{src,dist}/cli/commands/ is four levels below the repository. */
const LAB_BIN = fileURLToPath(new URL('../../../../packages/extraction-lab/bin/intake-lab.mjs', import.meta.url));

export function registerEvalCommand(program: Command): void {
  program
    .command('eval')
    .description('Score extraction on labelled documents (in a clone of the repository: the extraction lab\'s "eval")')
    .helpOption(false)
    .allowUnknownOption()
    .argument('[args...]')
    .action((args: string[]) => {
      const io = cliIo();
      if (!fs.existsSync(LAB_BIN)) {
        io.stderr.write(`${EVAL_MOVED}\n`);
        io.exitCode = 1;
        return;
      }
      // The bin's own streams are handed over (the lab draws progress on a terminal); any other
      // io (a test's) gets the output when the lab is done.
      const own = io.stdout === process.stdout && io.stderr === process.stderr;
      const run = spawnSync(process.execPath, ['--conditions=@intake/source', LAB_BIN, 'eval', ...args], {
        cwd: io.cwd,
        env: io.env,
        stdio: own ? 'inherit' : ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      if (!own) {
        io.stdout.write(run.stdout ?? '');
        io.stderr.write(run.stderr ?? '');
      }
      io.exitCode = run.status ?? 1;
    });
}
