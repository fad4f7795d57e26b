/** People's corrections of completed jobs (see correction-service.ts). */
export { CorrectionService } from './correction-service.js';
export type { CorrectionListener, CorrectionServiceDeps } from './correction-service.js';
export { applyCorrections } from './apply-corrections.js';
export type { FieldChange } from './apply-corrections.js';
export { CorrectionRequestSchema, CorrectionSchema, toCorrectionResource } from './correction.js';
export type { CorrectionKind, CorrectionRecord, CorrectionRequest, CorrectionResource } from './correction.js';
export { emitCorrectedEvent, jobCorrectedData, resendToErp } from './correction-listeners.js';
