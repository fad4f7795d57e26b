import type { Command } from 'commander';

/**
 * `intake-lab weak DIR...`: runs the extractor (shipped rules and weights, no training) over
 * synthetic documents written by `synth` and prints the failure table: which fields fail, whether
 * their values were in the read text, and which languages and layout traits the failures share.
 */
export function registerWeakCommand(program: Command): void {
  program
    .command('weak')
    .description('Where extraction fails on synthetic documents: per field, by language and layout (not an accuracy)')
    .argument('<dirs...>', 'folders written by synth')
    .option('--json', 'print the per-document outcomes as JSON lines instead')
    .action(async (dirs: string[], opts: { json?: boolean }) => {
      const { runWeak } = await import('./weak-run.js');
      await runWeak(dirs, opts);
    });
}
