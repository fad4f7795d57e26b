import { formatEvaluation, summarizeEvaluation, type EvaluatedDocument } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { evaluateDocument, findCorpus } from './evaluate-corpus.js';
import { createProgress } from './progress.js';

/** The body of `intake eval DIR` (loaded when the command runs: see main.ts). */
export async function runEval(dir: string, opts: { json?: boolean }): Promise<void> {
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
}
