import { Option, type Command } from 'commander';
import { RECOMMENDED_FIELDS } from '@intake/core/constants';
import type { ExtractOptions } from './extract-run.js';
import { ocrEngineOption, ocrLanguagesOption, ocrOtherLanguagesOption, ocrPagesOption } from './ocr-options.js';

/**
 * `intake extract FILE...`: the library alone (no daemon, no database) on local files, with the
 * recommended field set of the given type, or of the type the classifier decides.
 */
export function registerExtractCommand(program: Command): void {
  program
    .command('extract')
    .description('Extract the recommended fields from documents (PDF or image), without a daemon')
    .argument('<files...>', 'documents to read')
    .addOption(
      new Option('--type <type>', 'document type (default: classify each document)').choices(
        Object.keys(RECOMMENDED_FIELDS),
      ),
    )
    .addOption(ocrEngineOption())
    .addOption(ocrPagesOption())
    .addOption(ocrLanguagesOption())
    .addOption(ocrOtherLanguagesOption())
    .option(
      '--json',
      'print one JSON line per file: {"file","document_type","extracted_data","confidence","validation_errors"}',
    )
    .action(async (files: string[], opts: ExtractOptions) => {
      const { runExtract } = await import('./extract-run.js');
      await runExtract(files, opts);
    });
}
