import type { DocumentExtractor, ExtractionOutcome, ExtractionRequest } from '../ports/document-extractor.port.js';
import type { DocumentReader, ReadDocument } from '../ports/document-reader.port.js';
import type { VendorHintStore } from '../ports/vendor-hint-store.port.js';
import { vendorKeys } from './hints/vendor-keys.js';
import { extractFields, type ExtractFieldsOptions, type FieldsExtraction } from './extract-fields.js';
import { roleOf } from './labels/roles.js';
import { readPaymentDetails } from './payment-details/read-payment-details.js';
import { readVendorIdentity } from './payment-details/vendor-identity.js';

/** What createDocumentExtractor needs. */
export interface DocumentExtractorOptions {
  /** Turns bytes into positioned words: an adapter such as @intake/ocr-tesseract's reader. */
  reader: DocumentReader;
  /** Learned vendor hints (left out: none are used). */
  hints?: VendorHintStore;
}

/**
 * The live extractor: read the document, then extract the request's fields from it. Reading
 * failures (DocumentError) pass through unchanged; the signal reaches the reader, which stops its
 * OCR work for real when the job times out. With a hint store, a live job of a vendor its
 * organization has corrected before is extracted again with that vendor's hints. Payment details
 * and the vendor's identity are read whatever the request's fields.
 */
export function createDocumentExtractor({ reader, hints }: DocumentExtractorOptions): DocumentExtractor {
  return {
    async extract(request: ExtractionRequest): Promise<ExtractionOutcome> {
      const doc = await reader.read(request.bytes, request.mimeType, request.signal ? { signal: request.signal } : {});
      request.signal?.throwIfAborted();
      const options = {
        documentType: request.documentType,
        ...(request.receivedAt ? { receivedAt: request.receivedAt } : {}),
      };
      const plain = extractFields(doc, request.fieldDefinitions, options);
      const result =
        hints && request.orgId && request.environment === 'live'
          ? await withHints(hints, request, doc, plain, options)
          : plain;
      return {
        ...result,
        page_count: doc.pages.length,
        document_text: documentText(doc),
        payment_details: readPaymentDetails(doc),
        vendor: readVendorIdentity(doc, request.fieldDefinitions, result.extracted_data, options),
      };
    },
  };
}

/** Every word of every page, a line per page: the text the register's search indexes. */
const documentText = (doc: ReadDocument): string =>
  doc.pages.map((page) => page.words.map((w) => w.text).join(' ')).join('\n');

/** The vendor is recognised by the ids on the page and the name the first pass found. */
async function withHints(
  hints: VendorHintStore,
  request: ExtractionRequest,
  doc: ReadDocument,
  plain: FieldsExtraction,
  options: ExtractFieldsOptions,
): Promise<FieldsExtraction> {
  const vendorField = request.fieldDefinitions.find((f) => roleOf(f) === 'vendor_name');
  const vendor = await hints.find(
    request.orgId!,
    vendorKeys(doc, vendorField ? plain.extracted_data[vendorField.name] : null),
  );
  if (!vendor || (Object.keys(vendor.fields).length === 0 && !vendor.name)) return plain;
  // The vendor's confirmed name witnesses a name OCR misread and a word list put right.
  return extractFields(doc, request.fieldDefinitions, {
    ...options,
    hints: vendor.fields,
    ...(vendor.name ? { knownVendorName: vendor.name } : {}),
  });
}
