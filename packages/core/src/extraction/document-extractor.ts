import type { DocumentExtractor, ExtractionOutcome, ExtractionRequest } from '../ports/document-extractor.port.js';
import type { DocumentReader } from '../ports/document-reader.port.js';
import { extractFields } from './extract-fields.js';

/** What createDocumentExtractor needs. */
export interface DocumentExtractorOptions {
  /** Turns bytes into positioned words: an adapter such as @intake/ocr-tesseract's reader. */
  reader: DocumentReader;
}

/**
 * The live extractor: read the document, then extract the request's fields from it. Reading
 * failures (DocumentError) pass through unchanged; the signal reaches the reader, which stops its
 * OCR work for real when the job times out.
 */
export function createDocumentExtractor({ reader }: DocumentExtractorOptions): DocumentExtractor {
  return {
    async extract(request: ExtractionRequest): Promise<ExtractionOutcome> {
      const doc = await reader.read(request.bytes, request.mimeType, request.signal ? { signal: request.signal } : {});
      request.signal?.throwIfAborted();
      const result = extractFields(doc, request.fieldDefinitions, { documentType: request.documentType });
      return { ...result, page_count: doc.pages.length };
    },
  };
}
