import type { Environment } from '../keys/index.js';
import type { FieldDefinition } from './field-definition.schema.js';

/** An extractor: a reusable template naming a document type and the fields to extract. */
export interface Extractor {
  /** Form `ext_<id>`. */
  id: string;
  org_id: string;
  name: string;
  document_type: string;
  field_definitions: FieldDefinition[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
  /** Intake has no user accounts: this is `user_` followed by the id of the key (or `admin`) that created it. */
  created_by: string;
  /** Live documents processed with it (what a live key sees as usage_count). */
  usage_count: number;
  /** Test-mode documents processed with it (what a test key sees as usage_count); absent: 0. */
  test_usage_count?: number;
}

/** The subset the list endpoint returns (spec: Extractor). */
export type ExtractorSummary = Pick<
  Extractor,
  'id' | 'name' | 'document_type' | 'field_definitions' | 'is_active' | 'created_at' | 'usage_count'
>;

/** An extractor as lists show it. */
export const toSummary = (e: Extractor): ExtractorSummary => ({
  id: e.id,
  name: e.name,
  document_type: e.document_type,
  field_definitions: e.field_definitions,
  is_active: e.is_active,
  created_at: e.created_at,
  usage_count: e.usage_count,
});

/** The extractor as a key of `mode` sees it: usage_count counts that mode's documents only. */
export function inMode(e: Extractor, mode: Environment): Extractor {
  const { test_usage_count: testCount, ...rest } = e;
  return { ...rest, usage_count: mode === 'test' ? (testCount ?? 0) : e.usage_count };
}
