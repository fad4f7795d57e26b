/**
 * The front door of extraction/: reading fields (extractFields, the context and typed values that
 * learning reuses), folding text, labels and roles, locations, validation, payment details and the
 * vendor's identity and keys, and the hint a learned vendor gives. Other contexts import these from
 * here, never the files behind.
 */
export { createContext, type ExtractionContext } from './context.js';
export { extractFields, REVIEW_BELOW } from './extract-fields.js';
export { findTypedValues } from './fields/typed-values.js';
export { foldedWordIndex, type FieldHint } from './hints/field-hint.js';
export { nameKey, vendorKeys } from './hints/vendor-keys.js';
export { roleOf } from './labels/roles.js';
export { ROLE_LABELS } from './labels/synonyms.js';
export { fold } from './layout/fold.js';
export { buildLines, type Line, type Segment } from './layout/lines.js';
export { lookalikeOf, MISREAD_MIN_LETTERS } from './labels/ocr-misreads.js';
export { titleWords } from './labels/qualified-labels.js';
export type { FieldLocation, FieldLocations } from './locations/field-location.js';
export { wordsInSpan } from './locations/locate.js';
export {
  paymentValues,
  type PaymentDetails,
  type PaymentValues,
  type VendorIdentity,
} from './payment-details/payment-details.js';
export { RECOMMENDED_FIELDS } from './recommended-fields.js';
export { validateField } from './validation/validate.js';
// What the daemon, the adapters and the tests use besides (package subpath @intake/core/extraction).
export { sameCompanyName } from './evaluation/names.js';
export { presentValues } from './evaluation/presence.js';
export { type FieldScore, scoreFields, wordOverlap } from './evaluation/score.js';
export type { PageBox } from './locations/field-location.js';
export { fitCalibration } from './ranking/calibrate-model.js';
export { createRanker, featureNames, type RankerModel } from './ranking/ranker.js';
export { collectExamples, type LabelledList, trainRanker } from './ranking/train.js';
export { isRecommendedType } from './recommended-fields.js';
