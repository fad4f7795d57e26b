/**
 * The front door of extractors/: an extractor and the field definitions it declares. Other
 * contexts import these from here, never the files behind.
 */
export type { Extractor } from './extractor.js';
export type { FieldDefinition, FieldType } from './field-definition.schema.js';
