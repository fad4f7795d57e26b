import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  classifyDocument,
  DocumentError,
  extractFields,
  RECOMMENDED_FIELDS,
  type RecommendedDocumentType,
} from '@intake/core';
import type { DocumentReader } from '@intake/core';
import { createReader, type OcrEngineName, type OcrEnginePages } from '../../reading/create-reader.js';
import { createProgress } from './progress.js';
import { splitLanguages } from '../../config/language-models.js';
import { cliIo } from '../io.js';

/** `intake extract`'s options (see extract.ts). */
export interface ExtractOptions {
  type?: RecommendedDocumentType;
  json?: boolean;
  ocrEngine: OcrEngineName;
  ocrPages: OcrEnginePages;
  /** Tesseract's languages joined by "+" (`--ocr-languages`, OCR_LANGUAGES). */
  ocrLanguages: string;
  /** Languages a page is read again in, joined by "+" (`--ocr-other-languages`, OCR_OTHER_LANGUAGES; `none`). */
  ocrOtherLanguages: string;
}

/** The body of `intake extract FILE...` (loaded when the command runs: see main.ts). */
export async function runExtract(files: string[], opts: ExtractOptions): Promise<void> {
  const reader = createReader({
    engine: opts.ocrEngine,
    pages: opts.ocrPages,
    languages: opts.ocrLanguages.split('+'),
    otherLanguages: splitLanguages(opts.ocrOtherLanguages),
  });
  const progress = createProgress(files.length, cliIo().stderr);
  try {
    for (const file of files) {
      progress.tick(file);
      const line = await extractFile(reader, file, opts.type);
      progress.done();
      cliIo().stdout.write(opts.json ? `${JSON.stringify(line)}\n` : describe(line));
      if ('error' in line) cliIo().exitCode = 1;
    }
  } finally {
    progress.done();
    await reader.close();
  }
}

type ExtractLine =
  | {
      file: string;
      document_type: string;
      extracted_data: Record<string, unknown>;
      confidence: Record<string, number>;
      validation_errors: unknown[];
    }
  | { file: string; error: { code: string; message: string; suggestion?: string } };

async function extractFile(
  reader: DocumentReader,
  file: string,
  type: RecommendedDocumentType | undefined,
): Promise<ExtractLine> {
  try {
    const doc = await reader.read(
      new Uint8Array(await readFile(path.resolve(cliIo().cwd, file))),
      'application/octet-stream',
    );
    const documentType = type ?? classifyDocument(doc).documentType;
    const result = extractFields(doc, [...RECOMMENDED_FIELDS[documentType]], { documentType });
    return {
      file,
      document_type: documentType,
      extracted_data: result.extracted_data,
      confidence: result.confidence,
      validation_errors: result.validation_errors,
    };
  } catch (error) {
    if (error instanceof DocumentError)
      return { file, error: { code: error.code, message: error.message, suggestion: error.suggestion } };
    if (isMissingFile(error))
      return { file, error: { code: 'not_found', message: `cannot read ${file}: ${error.message}` } };
    throw error;
  }
}

function isMissingFile(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'EACCES')
  );
}

function describe(line: ExtractLine): string {
  if ('error' in line)
    return `${line.file}: ${line.error.message}${line.error.suggestion ? ` (${line.error.suggestion})` : ''}\n`;
  const rows = Object.entries(line.extracted_data).map(([name, value]) => {
    const shown = Array.isArray(value) ? `${value.length} rows` : JSON.stringify(value);
    return `  ${name.padEnd(18)} ${shown}  (${(line.confidence[name] ?? 0).toFixed(2)})`;
  });
  const errors = (line.validation_errors as { field: string; message: string }[]).map(
    (e) => `  ! ${e.field}: ${e.message}`,
  );
  return [`${line.file}: ${line.document_type}`, ...rows, ...errors, ''].join('\n');
}
