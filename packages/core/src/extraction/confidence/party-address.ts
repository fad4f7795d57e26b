import type { FieldDefinition } from '../../extractors/index.js';
import type { FoundField, FoundFields } from '../found-field.js';
import type { Role } from '../labels/synonyms.js';

type ConfidenceFor = (finding: FoundField, field: FieldDefinition) => number;

/**
 * An address read under the seller's name is that name's block: it is no surer than the name. A
 * buyer's name taken for the seller's (a block no label names, a seller printed only as a logo)
 * brings the buyer's street and town with it, and the address's own evidence (a street, a
 * postcode) says nothing of whose it is. An address its own label names keeps its confidence.
 */
export function withPartyCeiling(
  found: FoundFields,
  fields: FieldDefinition[],
  roles: ReadonlyMap<string, Role | null>,
  confidenceFor: ConfidenceFor,
): ConfidenceFor {
  const nameField = fields.find((f) => roles.get(f.name) === 'vendor_name');
  const name = nameField ? found[nameField.name] : undefined;
  return (finding, field) => {
    const own = confidenceFor(finding, field);
    if (roles.get(field.name) !== 'vendor_address' || finding.source === 'label' || !name || !nameField) return own;
    return Math.min(own, confidenceFor(name, nameField));
  };
}
