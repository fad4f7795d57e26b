import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';

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
      if (!fs.existsSync(LAB_BIN)) {
        process.stderr.write(`${EVAL_MOVED}\n`);
        process.exitCode = 1;
        return;
      }
      const run = spawnSync(process.execPath, ['--conditions=@intake/source', LAB_BIN, 'eval', ...args], {
        stdio: 'inherit',
      });
      process.exitCode = run.status ?? 1;
    });
}
