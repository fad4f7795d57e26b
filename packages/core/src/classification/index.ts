export { classifyDocument } from './classify-document.js';
export type { Classification, ClassificationHints } from './classify-document.js';
export { detectParties } from './detect-parties.js';
export type { DetectedParties, DetectPartiesOptions } from './detect-parties.js';
export { DOCUMENT_TYPES, type DocumentType } from './indicators.js';
