import type { FieldDefinition } from '../extractors/index.js';
import type { FieldValidationError } from '../ports/document-extractor.port.js';
import type { ReadDocument } from '../ports/document-reader.port.js';
import { calibrate } from './confidence/calibration.js';
import { applyPlausibility } from './plausibility/apply-plausibility.js';
import { FLAGGED_CONFIDENCE } from './plausibility/rules.js';
import { applyCrossChecks } from './confidence/cross-checks.js';
import { adjustmentsOf } from './values/adjustments.js';
import { evidenceCeiling, WEAK_EVIDENCE_CEILING } from './confidence/evidence-caps.js';
import { createContext, type ExtractionContext, type ExtraLabel } from './context.js';
import { readEInvoice } from './einvoice/read-einvoice.js';
import { chooseAmounts } from './fields/amounts.js';
import { arrayFinding, shapeItem } from './fields/arrays.js';
import { dateCandidates } from './fields/dates.js';
import type { Candidate } from './fields/candidates.js';
import { scalarCandidate, vendorOf, type SharedFindings } from './fields/scalar-field.js';
import type { FoundField, FoundFields } from './found-field.js';
import type { LabelKey } from './labels/label-index.js';
import { fieldLabels, roleOf } from './labels/roles.js';
import type { Role } from './labels/synonyms.js';
import { validateField } from './validation/validate.js';
import { repairOcrIdentifier, type IdentifierKind } from './values/identifiers.js';
import { calibrationGroup, type CandidateRanker } from './ranking/ranker.js';
import { shippedRanker } from './ranking/shipped.js';
import { unionBox, type FieldLocation, type FieldLocations, type RowLocation } from './locations/field-location.js';
import { candidateLocation } from './locations/locate.js';
import { hintedField } from './hints/apply-hints.js';
import type { FieldHint } from './hints/field-hint.js';

/** How extractFields reads a document; every option has a default. */
export interface ExtractFieldsOptions {
  /** invoice, receipt, purchase_order or another type; steers a few layout rules. */
  documentType?: string;
  /** Read an embedded CII/UBL e-invoice first (default true); false measures the printed text alone. */
  useEmbeddedXml?: boolean;
  /** The candidate ranker; the shipped weights when absent, none (the rules' evidence scores alone) when null. */
  ranker?: CandidateRanker | null;
  /** Learned hints of the document's vendor, by field name: tried before the rules (see learning/). */
  hints?: Record<string, FieldHint>;
  /**
   * Apply the ranker's held-out calibration to the confidences (default true). False gives the rules'
   * and the ranker's own scores, the scale that thresholds chosen before calibration (such as
   * detectParties' minimum) were set on.
   */
  calibrated?: boolean;
  /**
   * When the document was received (a job's creation time): a document date after it is
   * implausible. Without it no date counts as in the future.
   */
  receivedAt?: Date;
  /**
   * Check values against the rest of the document (default true; see plausibility/). False gives
   * the values and confidences without those checks, for measuring what they change.
   */
  plausibility?: boolean;
  /**
   * Cap the confidence of values whose evidence is weak (default true; see
   * confidence/evidence-caps.ts). False gives the calibrated confidences as they are, which is what
   * the calibration is fitted on.
   */
  evidenceCaps?: boolean;
  /**
   * The vendor's name as its organization confirmed it (its vendor hints' `name`): an OCR'd name
   * that a word list put right and that is this name is no longer a guess
   * (confidence/repair-witness.ts).
   */
  knownVendorName?: string;
}

/** The fields found in one document, as a completed job carries them. */
export interface FieldsExtraction {
  /** The value of each field that was found (or has a `default_value`), by name; fields without one are absent. */
  extracted_data: Record<string, unknown>;
  /** Each field's confidence, 0 to 1, by name. */
  confidence: Record<string, number>;
  /**
   * Values that broke a rule, required fields not found, and values kept but in doubt because they
   * contradict the rest of the document (rule `plausible`, see plausibility/rules.ts).
   */
  validation_errors: FieldValidationError[];
  /** True when a person should check the result: a validation error or a confidence below REVIEW_BELOW. */
  needs_review: boolean;
  /** Where each field of extracted_data was read (its words, label, rows; `xml` or `default` otherwise). */
  field_locations: FieldLocations;
}

/**
 * Template-free extraction: every field definition is looked for on the page by its type, its
 * labels and the layout, checked for plausibility and arithmetic, given a calibrated confidence,
 * and validated against its rules. Deterministic: the same document gives the same answer.
 */
export function extractFields(
  doc: ReadDocument,
  fields: FieldDefinition[],
  options: ExtractFieldsOptions = {},
): FieldsExtraction {
  const roles = new Map(fields.map((f) => [f.name, roleOf(f)] as const));
  const ctx: ExtractionContext = {
    ...createContext(
      doc,
      customLabels(fields, []),
      options.ranker === undefined ? shippedRanker() : (options.ranker ?? undefined),
    ),
    ...(options.knownVendorName ? { knownVendorName: options.knownVendorName } : {}),
  };
  const shared = sharedFindings(ctx, fields, roles, options.documentType);
  const found: FoundFields = {};
  for (const field of fields) {
    const hint = options.hints?.[field.name];
    const finding = (hint ? hintedField(ctx, field, hint) : null) ?? findField(ctx, field, [], shared);
    if (finding) found[field.name] = finding;
  }
  if (options.useEmbeddedXml !== false) mergeEInvoice(found, doc, fields, roles);
  applyCrossChecks(found, fields, roles, adjustmentsOf(ctx.lines));
  const doubts =
    options.plausibility === false
      ? []
      : applyPlausibility(ctx, found, fields, roles, {
          ...(options.documentType ? { documentType: options.documentType } : {}),
          ...(options.receivedAt ? { receivedAt: options.receivedAt } : {}),
        });
  const ranker = options.calibrated === false ? undefined : ctx.ranker;
  const capped = options.evidenceCaps !== false;
  return finish(
    found,
    fields,
    (finding, field) =>
      Math.min(confidenceOf(finding, roles.get(field.name) ?? null, ranker), (capped && finding.ceiling) || 1),
    doubts,
  );
}

function findField(
  ctx: ExtractionContext,
  field: FieldDefinition,
  parents: string[],
  shared: SharedFindings,
): FoundField | null {
  const path = [...parents, field.name].join('.');
  if (field.type === 'object') return findObject(ctx, field, parents, shared);
  if (field.type === 'array') {
    const finding = arrayFinding(ctx, field, shared.documentType);
    return finding
      ? {
          value: finding.value,
          score: finding.score,
          source: 'table',
          ocr: finding.ocr ?? 1,
          ...(finding.weighed ? { weighed: true as const } : {}),
          // A misread row is a misread table: the evidence caps' ceiling (confidence/evidence-caps.ts).
          ...(finding.misread ? { ceiling: WEAK_EVIDENCE_CEILING } : {}),
          location: tableLocation(finding.rows),
        }
      : null;
  }
  const role = roleOf(field, parents);
  const candidate = scalarCandidate(ctx, field, role, path, shared);
  if (!candidate) return null;
  return {
    ...fromCandidate(candidate, role),
    ...evidenceCeiling(ctx, candidate, role, shared.documentType, role === 'vendor_address' ? shared.vendor() : null),
  };
}

/** An object is its members, each found as a field of its own; its score is their mean. */
function findObject(
  ctx: ExtractionContext,
  field: FieldDefinition,
  parents: string[],
  shared: SharedFindings,
): FoundField | null {
  const value: Record<string, unknown> = {};
  const locations: Record<string, FieldLocation> = {};
  const scores: number[] = [];
  for (const member of field.fields ?? []) {
    const finding = findField(ctx, member, [...parents, field.name], shared);
    if (!finding) continue;
    value[member.name] = finding.value;
    if (finding.location) locations[member.name] = finding.location;
    scores.push(finding.score * (0.5 + 0.5 * finding.ocr));
  }
  if (scores.length === 0) return null;
  const location: FieldLocation = { source: 'nested', fields: locations };
  return { value, score: scores.reduce((a, b) => a + b, 0) / scores.length, source: 'nested', ocr: 1, location };
}

/** A table's box: the union of its rows on the first row's page; each row with its cells. */
function tableLocation(rows: RowLocation[] | undefined): FieldLocation {
  const first = rows?.[0];
  if (!rows || !first) return { source: 'table' };
  const box = unionBox(rows.filter((r) => r.page === first.page).map((r) => r.box))!;
  return { source: 'table', page: first.page, box, page_width: first.page_width, page_height: first.page_height, rows };
}

/** A document number read by OCR comes with its look-alike glyphs put back (values/identifiers.ts). */
const OCR_REPAIRED_ROLES: ReadonlyMap<Role, IdentifierKind> = new Map<Role, IdentifierKind>([
  ['invoice_number', 'invoice'],
  ['po_number', 'order'],
]);

function fromCandidate(candidate: Candidate, role: Role | null): FoundField {
  const { value } = candidate;
  const kind = role === null ? undefined : OCR_REPAIRED_ROLES.get(role);
  return {
    value: typeof value === 'string' && candidate.line.ocr && kind ? repairOcrIdentifier(value, kind) : value,
    score: candidate.score,
    source: candidate.source,
    ocr: candidate.line.confidence,
    ...(candidate.ranked ? { ranked: true } : {}),
    location: candidateLocation(candidate),
  };
}

function sharedFindings(
  ctx: ExtractionContext,
  fields: FieldDefinition[],
  roles: Map<string, Role | null>,
  documentType: string | undefined,
): SharedFindings {
  const keysOf = (role: Role): LabelKey[] =>
    fields.filter((f) => roles.get(f.name) === role).map((f) => `field:${f.name}` as const);
  const once = <T>(compute: () => T): (() => T) => {
    let cached: { value: T } | null = null;
    return () => (cached ??= { value: compute() }).value;
  };
  const documentDateRole =
    (['invoice_date', 'order_date', 'transaction_date'] as const).find((r) => keysOf(r).length) ?? 'invoice_date';
  return {
    documentType,
    amounts: once(() =>
      chooseAmounts(
        ctx,
        { subtotal: keysOf('subtotal'), tax: keysOf('tax_amount'), total: keysOf('total_amount') },
        documentType,
      ),
    ),
    vendor: once(() => vendorOf(ctx, { documentType }, keysOf('vendor_name'))),
    documentDate: once(
      () => dateCandidates(ctx, documentDateRole, [documentDateRole, ...keysOf(documentDateRole)])[0] ?? null,
    ),
  };
}

/** Labels that custom definitions bring (their names, quoted phrases in their descriptions). */
function customLabels(fields: FieldDefinition[], parents: string[]): ExtraLabel[] {
  return fields.flatMap((field) => {
    const key = `field:${[...parents, field.name].join('.')}` as const;
    const own = fieldLabels(field).map((l) => ({ key, ...l }));
    return field.type === 'object' && field.fields
      ? [...own, ...customLabels(field.fields, [...parents, field.name])]
      : own;
  });
}

function mergeEInvoice(
  found: FoundFields,
  doc: ReadDocument,
  fields: FieldDefinition[],
  roles: Map<string, Role | null>,
): void {
  const invoice = readEInvoice(doc);
  if (!invoice) return;
  for (const field of fields) {
    const role = roles.get(field.name);
    const items = field.fields?.length
      ? invoice.lineItems.map((item) => shapeItem(item, field.fields!))
      : invoice.lineItems;
    const value = role ? invoice.values[role] : field.type === 'array' ? items : undefined;
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    found[field.name] = { value, score: 1, source: 'xml', ocr: 1, location: { source: 'xml' } };
  }
}

/** Single values read from the printed text; tables and objects are not in the held-out fits. */
const RECALIBRATED = new Set<FoundField['source']>(['label', 'layout', 'fallback']);

/**
 * The rules' calibration (or the ranker's probability), then the ranker's held-out calibration of the
 * field's group; XML values stay exact.
 */
function confidenceOf(finding: FoundField, role: Role | null, ranker: CandidateRanker | undefined): number {
  const confidence = calibrate(finding);
  if (!RECALIBRATED.has(finding.source) || !ranker?.recalibrate) return confidence;
  return ranker.recalibrate(calibrationGroup(role), confidence);
}

/** A field found with less confidence than this sends the document to review. */
export const REVIEW_BELOW = 0.5;

/**
 * The values as validated, with their confidences; a value in doubt (see plausibility/) keeps at
 * most FLAGGED_CONFIDENCE and its reason goes with the validation errors, so the document is
 * reviewed.
 */
function finish(
  found: FoundFields,
  fields: FieldDefinition[],
  confidenceFor: (finding: FoundField, field: FieldDefinition) => number,
  doubts: FieldValidationError[],
): FieldsExtraction {
  const extracted_data: Record<string, unknown> = {};
  const confidence: Record<string, number> = {};
  const validation_errors: FieldValidationError[] = [];
  const field_locations: FieldLocations = {};
  const doubted = new Set(doubts.map((d) => d.field));
  for (const field of fields) {
    const finding = found[field.name];
    const checked = validateField(field, finding?.value, field.name, validation_errors);
    if (!checked) continue;
    extracted_data[field.name] = checked.value;
    confidence[field.name] = checked.extracted && finding ? confidenceFor(finding, field) : 0;
    if (checked.extracted && doubted.has(field.name))
      confidence[field.name] = Math.min(confidence[field.name]!, FLAGGED_CONFIDENCE);
    field_locations[field.name] = checked.extracted && finding?.location ? finding.location : { source: 'default' };
  }
  validation_errors.push(...doubts.filter((d) => extracted_data[d.field] !== undefined));
  const unsure = Object.values(confidence).some((c) => c < REVIEW_BELOW);
  return {
    extracted_data,
    confidence,
    validation_errors,
    needs_review: validation_errors.length > 0 || unsure,
    field_locations,
  };
}
