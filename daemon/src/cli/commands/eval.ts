import type { Command } from 'commander';

/**
 * `intake eval` scored labelled documents by held-out folds. That is development work on the
 * extractor (training a ranker per fold, calibrating it, a locked test split), so it lives in the
 * repository's extraction lab (packages/extraction-lab, not published), run from a clone. The command
 * stays here to say so to whoever follows an older guide, instead of commander's "unknown command".
 */
export const EVAL_MOVED =
  'intake eval: scoring labelled documents is a command of the extraction lab, which is not published. ' +
  'In a clone of the Intake repository run: npm run lab -- eval DIR... (see docs/extraction/evaluation.md)';

export function registerEvalCommand(program: Command): void {
  program
    .command('eval')
    .description('Moved: scoring labelled documents is the extraction lab\'s "eval", run in a clone of the repository')
    .allowUnknownOption()
    .argument('[args...]')
    .action(() => {
      process.stderr.write(`${EVAL_MOVED}\n`);
      process.exitCode = 1;
    });
}
