/**
 * The front door of extractors/: an extractor and the field definitions it declares. Other
 * contexts import these from here, never the files behind.
 */
export type { Extractor } from './extractor.js';
export type { FieldDefinition, FieldType } from './field-definition.schema.js';
// What the daemon, the adapters and the tests use besides (package subpath @intake/core/extractors).
export { inMode, toSummary } from './extractor.js';
export {
  CreateExtractorInputSchema,
  DuplicateExtractorInputSchema,
  UpdateExtractorInputSchema,
} from './extractor.schema.js';
export { FieldDefinitionSchema } from './field-definition.schema.js';
