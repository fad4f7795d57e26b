import type { Command } from 'commander';
import { defaultCacheDir } from './cache-dir.js';
import type { EvalOptions } from './eval-run.js';
import {
  ocrEngineOption,
  ocrLanguagesOption,
  ocrOtherLanguagesOption,
  ocrPagesOption,
} from '@intake/daemon/cli-options';

/**
 * `intake-lab eval DIR...`: measures extraction and classification on labelled corpora (documents with
 * sibling `*.expected.json` files) by held-out folds, and prints accuracy tables or the numbers as
 * JSON. What each file reads as is cached by its hash, so that a second run is fast.
 */
export function registerEvalCommand(program: Command): void {
  program
    .command('eval')
    .description(
      'Score extraction and classification on documents with sibling *.expected.json files, by held-out folds',
    )
    .argument('<dirs...>', 'directories of documents and their expected values')
    .option('--json', 'print the summary and per-document scores as JSON')
    .option('--folds <k>', 'held-out folds (documents of one vendor or source stay in one fold)', '5')
    .option('--shipped', 'score with the shipped ranker weights instead of retraining per fold (not a held-out figure)')
    .option('--cache-dir <dir>', 'where read documents are cached by file hash', defaultCacheDir())
    .option('--no-cache', 'read every document afresh and cache nothing')
    .option('--no-calibration', "score each fold's ranker without its held-out confidence calibration")
    .addOption(ocrEngineOption())
    .addOption(ocrPagesOption())
    .addOption(ocrLanguagesOption())
    .addOption(ocrOtherLanguagesOption())
    .option(
      '--locked <file>',
      'a list of documents (folder/file a line) set aside from the folds: the locked test split',
    )
    .option(
      '--score-locked',
      'score the locked documents too, as a whole only, with a ranker trained on all the others',
    )
    .option('--no-plausibility', 'score without the plausibility checks (to measure what they change)')
    .option('--no-evidence-caps', 'score without the caps on weakly evidenced values (to measure what they change)')
    .option(
      '--synthetic-training',
      "add the synthetic training documents (stranger text PDFs of the training seeds) to every fold's training set",
    )
    .option('--cached-only', 'score only the documents already in the cache (quick iterations while a first pass runs)')
    .action(async (dirs: string[], opts: EvalOptions) => {
      // Loaded when the command runs, so that `intake --help` does not load OCR and extraction.
      const { runEval } = await import('./eval-run.js');
      await runEval(dirs, opts);
    });
}
