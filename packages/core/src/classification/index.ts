/**
 * The front door of classification/: what kind of document an attachment is and whose. Other
 * contexts import these from here, never the files behind.
 */
export { classificationEvidence, classifyDocument } from './classify-document.js';
export { calibrationFeatures, type CalibrationCoefficients, type ClassificationEvidence } from './calibration.js';
export { detectParties } from './detect-parties.js';
export type { DocumentType } from './indicators.js';
