/**
 * `@intake/core/constants`: the fixed vocabularies (scopes, key environments, plans, document types
 * with a recommended field set) without the rest of core, for programs that need only the lists,
 * such as a CLI that must print its help at once. Each is also exported from `@intake/core`.
 */
export { ENVIRONMENTS, SCOPES, isScope, type Environment, type Scope } from './keys/scopes.js';
export { PLANS, type Plan } from './organizations/organization.js';
export { RECOMMENDED_FIELDS, type RecommendedDocumentType } from './extraction/recommended-fields.js';
