/** Template-free extraction: the library's public face (see extract-fields.ts). */
export { extractFields } from './extract-fields.js';
export type { ExtractFieldsOptions, FieldsExtraction } from './extract-fields.js';
export { createDocumentExtractor } from './document-extractor.js';
export type { DocumentExtractorOptions } from './document-extractor.js';
export { RECOMMENDED_FIELDS, isRecommendedType } from './recommended-fields.js';
export type { RecommendedDocumentType } from './recommended-fields.js';
export { readEInvoice } from './einvoice/read-einvoice.js';
export type { EInvoice } from './einvoice/read-einvoice.js';
export { scoreFields, wordOverlap } from './evaluation/score.js';
export type { FieldScore } from './evaluation/score.js';
export { summarizeEvaluation } from './evaluation/report.js';
export { formatEvaluation } from './evaluation/format-report.js';
export type { EvaluatedDocument, EvaluationSummary, Tally } from './evaluation/report.js';
