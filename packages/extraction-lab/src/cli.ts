import { Command } from 'commander';
import { registerEvalCommand } from './eval/eval-command.js';
import { registerSynthCommand } from './synthetic/synth-command.js';
import { registerWeakCommand } from './synthetic/weak-command.js';

/**
 * `intake-lab`: the extraction lab's commands, run from the sources of a clone
 * (`npm run lab -- COMMAND`). `eval` scores labelled documents by held-out folds; `synth` writes
 * synthetic labelled documents; `weak` prints where extraction fails on them.
 */
const program = new Command('intake-lab')
  .description('Intake extraction lab: evaluation and synthetic documents (development only)')
  .showHelpAfterError();

registerEvalCommand(program);
registerSynthCommand(program);
registerWeakCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`intake-lab: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
