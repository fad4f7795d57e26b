import type { Command } from 'commander';

/**
 * `intake eval DIR`: measures extraction and classification on a labelled corpus (documents with
 * sibling `*.expected.json` files) and prints accuracy tables, or the numbers as JSON.
 */
export function registerEvalCommand(program: Command): void {
  program
    .command('eval')
    .description('Score extraction and classification on documents with sibling *.expected.json files')
    .argument('<dir>', 'directory of documents and their expected values')
    .option('--json', 'print the summary and per-document scores as JSON')
    .action(async (dir: string, opts: { json?: boolean }) => {
      const { runEval } = await import('./eval-run.js');
      await runEval(dir, opts);
    });
}
