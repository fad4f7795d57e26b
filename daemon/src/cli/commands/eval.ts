import type { Command } from 'commander';
import { formatEvaluation, summarizeEvaluation, type EvaluatedDocument } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { evaluateDocument, findCorpus } from './evaluate-corpus.js';
import { createProgress } from './progress.js';

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
      const corpus = await findCorpus(dir);
      if (corpus.length === 0) throw new Error(`no documents with a sibling *.expected.json in ${dir}`);
      const reader = createTesseractReader();
      const progress = createProgress(corpus.length);
      const documents: EvaluatedDocument[] = [];
      try {
        for (const entry of corpus) {
          progress.tick(entry.file);
          documents.push(await evaluateDocument(reader, entry));
        }
      } finally {
        progress.done();
        await reader.close();
      }
      const summary = summarizeEvaluation(documents);
      process.stdout.write(opts.json ? `${JSON.stringify({ summary, documents })}\n` : `${formatEvaluation(summary)}\n`);
    });
}
