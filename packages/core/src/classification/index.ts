export { classifyDocument } from './classify-document.js';
export type { Classification, ClassificationHints } from './classify-document.js';
export { DOCUMENT_TYPES, type DocumentType } from './indicators.js';
