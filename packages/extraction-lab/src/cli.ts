import { Command } from 'commander';
import { registerEvalCommand } from './eval/eval-command.js';

/**
 * `intake-lab`: the extraction lab's commands, run from the sources of a clone
 * (`npm run lab -- COMMAND`). `eval` scores labelled documents by held-out folds.
 */
const program = new Command('intake-lab')
  .description('Intake extraction lab: evaluation (development only)')
  .showHelpAfterError();

registerEvalCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`intake-lab: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
