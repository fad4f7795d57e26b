/** The list settings of a prefix: classification overrides, routing rules, the type-to-extractor map. */
import { CheckField, ListField, NumberField, Section, SelectField, TextField } from '../../forms.js';
import { textOf, type JsonObject } from '../../paths.js';

const PRIORITIES = ['low', 'normal', 'high', 'critical'];
const OPERATORS = ['greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal', 'equals'];
const TRI = ['yes', 'no'];

export interface ListProps {
  cfg: JsonObject;
  set: (path: string, value: unknown) => void;
  error: unknown;
  disabled: boolean;
}

const rowsOf = (cfg: JsonObject, key: string): JsonObject[] =>
  Array.isArray(cfg[key]) ? (cfg[key] as JsonObject[]) : [];

function RowButtons(props: { add?: () => void; remove?: () => void; what: string; disabled: boolean }) {
  return (
    <p>
      {props.remove && (
        <button type="button" class="danger" disabled={props.disabled} onClick={props.remove}>
          Remove {props.what}
        </button>
      )}
      {props.add && (
        <button type="button" class="secondary" disabled={props.disabled} onClick={props.add}>
          Add {props.what}
        </button>
      )}
    </p>
  );
}

/** `{condition: {senderDomain} | {subjectContains}, documentType}`: the kind of condition is chosen, then its text. */
export function Overrides(props: ListProps) {
  const rows = rowsOf(props.cfg, 'classificationOverrides');
  const put = (next: JsonObject[]) => props.set('classificationOverrides', next);
  return (
    <Section
      legend="Classification overrides (checked before the classifier)"
      path="classificationOverrides"
      error={props.error}
      disabled={props.disabled}
    >
      {rows.length === 0 && <p class="hint">None: the classifier decides every document's type.</p>}
      {rows.map((row, i) => {
        const condition = (row.condition ?? {}) as JsonObject;
        const kind = 'subjectContains' in condition ? 'subjectContains' : 'senderDomain';
        const base = `classificationOverrides.${i}`;
        return (
          <Section key={i} legend={`Override ${i + 1}`} path={base} error={props.error}>
            <SelectField
              label="When"
              path={`${base}.condition`}
              error={props.error}
              value={kind}
              options={['senderDomain', 'subjectContains']}
              onChange={(k) => props.set(`${base}.condition`, { [k]: textOf(condition[kind] ?? '') })}
            />
            <TextField
              label={kind === 'senderDomain' ? 'Sender domain' : 'Subject contains'}
              path={`${base}.condition.${kind}`}
              error={props.error}
              value={textOf(condition[kind] ?? '')}
              onChange={(v) => props.set(`${base}.condition`, { [kind]: v })}
            />
            <TextField
              label="Then the document type is"
              path={`${base}.documentType`}
              error={props.error}
              value={textOf(row.documentType ?? '')}
              onChange={(v) => props.set(`${base}.documentType`, v)}
            />
            <RowButtons
              what={`override ${i + 1}`}
              disabled={props.disabled}
              remove={() => put(rows.filter((_, j) => j !== i))}
            />
          </Section>
        );
      })}
      <RowButtons
        what="an override"
        disabled={props.disabled}
        add={() => put([...rows, { condition: { senderDomain: '' }, documentType: '' }])}
      />
    </Section>
  );
}

const CONDITION_DEFAULTS: Record<string, JsonObject> = {
  sender_domain: { type: 'sender_domain', value: '' },
  subject_matches: { type: 'subject_matches', pattern: '' },
  extracted_amount: { type: 'extracted_amount', operator: 'greater_than', value: 0 },
};

function RuleCondition(props: ListProps & { base: string; condition: JsonObject }) {
  const { base, condition } = props;
  const type = textOf(condition.type ?? 'sender_domain');
  return (
    <>
      <SelectField
        label="When"
        path={`${base}.type`}
        error={props.error}
        value={type}
        options={Object.keys(CONDITION_DEFAULTS)}
        onChange={(t) => props.set(base, CONDITION_DEFAULTS[t])}
      />
      {type === 'sender_domain' && (
        <TextField
          label="Sender domain"
          path={`${base}.value`}
          error={props.error}
          value={textOf(condition.value ?? '')}
          onChange={(v) => props.set(`${base}.value`, v)}
        />
      )}
      {type === 'subject_matches' && (
        <TextField
          label="Subject pattern (regular expression)"
          path={`${base}.pattern`}
          error={props.error}
          value={textOf(condition.pattern ?? '')}
          onChange={(v) => props.set(`${base}.pattern`, v)}
        />
      )}
      {type === 'extracted_amount' && (
        <>
          <SelectField
            label="Extracted amount is"
            path={`${base}.operator`}
            error={props.error}
            value={textOf(condition.operator ?? 'greater_than')}
            options={OPERATORS}
            onChange={(v) => props.set(`${base}.operator`, v)}
          />
          <NumberField
            label="Amount"
            path={`${base}.value`}
            error={props.error}
            value={condition.value}
            onChange={(v) => props.set(`${base}.value`, v)}
          />
        </>
      )}
    </>
  );
}

/** A yes/no setting that may also be left out (the action then does not touch it). */
function Tri(props: ListProps & { label: string; path: string; value: unknown }) {
  const shown = props.value === true ? 'yes' : props.value === false ? 'no' : '';
  return (
    <SelectField
      label={props.label}
      path={props.path}
      error={props.error}
      value={shown}
      options={TRI}
      blank="(not set)"
      onChange={(v) => props.set(props.path, v === '' ? undefined : v === 'yes')}
    />
  );
}

function RuleAction(props: ListProps & { base: string; action: JsonObject }) {
  const { base, action } = props;
  const text = (key: string, label: string) => (
    <TextField
      label={label}
      path={`${base}.${key}`}
      error={props.error}
      value={textOf(action[key] ?? '')}
      onChange={(v) => props.set(`${base}.${key}`, v === '' ? undefined : v)}
    />
  );
  return (
    <>
      {text('assignTo', 'Assign to')}
      <SelectField
        label="Priority"
        path={`${base}.priority`}
        error={props.error}
        value={textOf(action.priority ?? '')}
        options={PRIORITIES}
        blank="(not set)"
        onChange={(v) => props.set(`${base}.priority`, v === '' ? undefined : v)}
      />
      {text('erpSubsidiary', 'ERP subsidiary')}
      {text('documentType', 'Document type')}
      <Tri {...props} label="Auto-approve" path={`${base}.autoApprove`} value={action.autoApprove} />
      <Tri {...props} label="Requires approval" path={`${base}.requiresApproval`} value={action.requiresApproval} />
      <ListField
        label="Approvers (e-mail addresses)"
        path={`${base}.approvers`}
        error={props.error}
        value={action.approvers as string[] | undefined}
        onChange={(v) => props.set(`${base}.approvers`, v.length ? v : undefined)}
      />
    </>
  );
}

export function RoutingRules(props: ListProps) {
  const rows = rowsOf(props.cfg, 'routingRules');
  const put = (next: JsonObject[]) => props.set('routingRules', next);
  return (
    <Section
      legend="Routing rules (every matching rule applies, in order)"
      path="routingRules"
      error={props.error}
      disabled={props.disabled}
    >
      {rows.length === 0 && <p class="hint">None.</p>}
      {rows.map((row, i) => {
        const base = `routingRules.${i}`;
        return (
          <Section key={i} legend={`Rule ${i + 1}`} path={base} error={props.error}>
            <RuleCondition {...props} base={`${base}.condition`} condition={(row.condition ?? {}) as JsonObject} />
            <Section legend="Then" path={`${base}.action`} error={props.error}>
              <RuleAction {...props} base={`${base}.action`} action={(row.action ?? {}) as JsonObject} />
            </Section>
            <RowButtons
              what={`rule ${i + 1}`}
              disabled={props.disabled}
              remove={() => put(rows.filter((_, j) => j !== i))}
            />
          </Section>
        );
      })}
      <RowButtons
        what="a rule"
        disabled={props.disabled}
        add={() => put([...rows, { condition: CONDITION_DEFAULTS.sender_domain!, action: {} }])}
      />
    </Section>
  );
}

/** `extractors`: document type to extractor id; a type not named uses the newest active extractor of that type. */
export function ExtractorMap(props: ListProps) {
  const map = (props.cfg.extractors ?? {}) as Record<string, string>;
  const entries = Object.entries(map);
  const put = (next: [string, string][]) => props.set('extractors', next.length ? Object.fromEntries(next) : undefined);
  return (
    <Section
      legend="Extractor for each document type (optional)"
      path="extractors"
      error={props.error}
      disabled={props.disabled}
    >
      {entries.length === 0 && (
        <p class="hint">None named: each type uses the newest active extractor whose document type it is.</p>
      )}
      {entries.map(([type, id], i) => (
        <div key={i} class="inline-row">
          <TextField
            label={`Document type ${i + 1}`}
            path={`extractors.${type}`}
            error={props.error}
            value={type}
            onChange={(t) => put(entries.map((e, j) => (j === i ? [t, e[1]] : e)))}
          />
          <TextField
            label={`Extractor id ${i + 1}`}
            path={`extractors.${type}`}
            error={null}
            value={id}
            onChange={(v) => put(entries.map((e, j) => (j === i ? [e[0], v] : e)))}
          />
          <RowButtons
            what={`mapping ${i + 1}`}
            disabled={props.disabled}
            remove={() => put(entries.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <RowButtons
        what="a mapping"
        disabled={props.disabled}
        add={() => put([...entries, [`type_${entries.length + 1}`, '']])}
      />
    </Section>
  );
}

export function Duplicates(props: ListProps) {
  const d = (props.cfg.duplicateDetection ?? {}) as JsonObject;
  return (
    <Section legend="Duplicate detection" path="duplicateDetection" error={props.error} disabled={props.disabled}>
      <CheckField
        label="Detect duplicates"
        path="duplicateDetection.enabled"
        error={props.error}
        checked={d.enabled !== false}
        onChange={(v) => props.set('duplicateDetection.enabled', v)}
      />
      <ListField
        label="Match fields"
        path="duplicateDetection.matchFields"
        error={props.error}
        value={d.matchFields as string[] | undefined}
        onChange={(v) => props.set('duplicateDetection.matchFields', v)}
      />
      <NumberField
        label="Look back (hours)"
        path="duplicateDetection.lookbackHours"
        error={props.error}
        value={d.lookbackHours}
        onChange={(v) => props.set('duplicateDetection.lookbackHours', v)}
      />
      <SelectField
        label="When a duplicate is found"
        path="duplicateDetection.action"
        error={props.error}
        value={textOf(d.action ?? 'flag')}
        options={['reject', 'flag', 'process']}
        onChange={(v) => props.set('duplicateDetection.action', v)}
      />
    </Section>
  );
}
