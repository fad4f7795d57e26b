/**
 * Creating and editing a prefix's configuration: every setting of `POST /api/email-ingestion/config`.
 * The page checks nothing itself: the API validates and its errors are shown on the field they name.
 * Editing sends the JSON merge patch from the stored configuration to the edited one.
 */
import { useState } from 'preact/hooks';
import type { Session } from '../../api.js';
import { call } from '../../client.js';
import { ActionButton, ErrorBox, missingScope } from '../../components.js';
import { CheckField, CheckGroup, ListField, NumberField, Section, SelectField, TextField } from '../../forms.js';
import { mergePatch, setAt, type JsonObject, textOf } from '../../paths.js';
import type { EmailIngestionConfig, EmailIngestionConfigRequest } from '../../types.js';
import { Duplicates, ExtractorMap, Overrides, RoutingRules, type ListProps } from './prefix-lists.js';

export const EMAIL_SCOPE = 'email_ingestion:write';
/** Prefix configurations are shared by test and live: only a live key may change them (the API's rule). */
export const EMAIL_SHARED = 'email ingestion configurations';

const PRIORITIES = ['low', 'normal', 'high', 'critical'];
const NOTIFY_EVENTS = ['document_received', 'human_review_needed', 'erp_sync_failed'];
import { EMAIL_WEBHOOK_EVENTS as WEBHOOK_EVENTS } from '../../enums.js';
const MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/tiff'];
/** The server's own members, not settings. */
const READ_ONLY = ['createdAt', 'updatedAt'];

/** A stored configuration as the JSON document the form edits (every member of the API's answer is JSON). */
export const asDocument = (config: EmailIngestionConfig): JsonObject => config as JsonObject;

/** A new prefix starts from the spec's defaults, shown so they can be changed before the first save. */
const NEW_PREFIX: JsonObject = {
  emailPrefix: '',
  defaultDocumentType: 'invoice',
  autoClassify: true,
  isActive: true,
  confidenceThresholds: { autoProcess: 0.9, reviewFlag: 0.7, humanReview: 0.5 },
  classificationOverrides: [],
  processingPriority: 'normal',
  maxProcessingTimeMs: 120000,
  routingRules: [],
  internalNotifications: { recipients: [], events: [], digestMode: false },
  attachments: {
    maxSizeBytes: 26214400,
    allowedMimeTypes: MIME_TYPES,
    processInlineImages: false,
    combineAttachments: false,
  },
  senderNotifications: { sendReceiptConfirmation: false, sendProcessingComplete: false, sendErrorNotification: false },
  duplicateDetection: {
    enabled: true,
    matchFields: ['invoice_number', 'vendor_name'],
    lookbackHours: 720,
    action: 'flag',
  },
};

/** Why the email actions are off for this key, once for the screen (the buttons point at it). */
export function EmailWhy(props: { session: Session }) {
  const why = missingScope(props.session, EMAIL_SCOPE, EMAIL_SHARED);
  return why ? (
    <p class="why" id="email-why">
      {why}
    </p>
  ) : null;
}

const settingsOf = (stored: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(stored).filter(([k]) => !READ_ONLY.includes(k)));

function General(props: ListProps & { creating: boolean }) {
  const { cfg, set, error } = props;
  return (
    <Section legend="General" disabled={props.disabled}>
      {props.creating ? (
        <TextField
          label="Prefix (the part before @)"
          path="emailPrefix"
          error={error}
          value={textOf(cfg.emailPrefix ?? '')}
          onChange={(v) => set('emailPrefix', v)}
        />
      ) : (
        <p>
          Prefix <code>{textOf(cfg.emailPrefix)}</code> (fixed: create another prefix to use another address)
        </p>
      )}
      <TextField
        label="Default document type"
        path="defaultDocumentType"
        error={error}
        value={textOf(cfg.defaultDocumentType ?? '')}
        onChange={(v) => set('defaultDocumentType', v)}
      />
      <CheckField
        label="Classify documents automatically"
        path="autoClassify"
        error={error}
        checked={cfg.autoClassify !== false}
        onChange={(v) => set('autoClassify', v)}
      />
      <CheckField
        label="Active (mail to an inactive prefix is refused)"
        path="isActive"
        error={error}
        checked={cfg.isActive !== false}
        onChange={(v) => set('isActive', v)}
      />
      <SelectField
        label="Processing priority"
        path="processingPriority"
        error={error}
        value={textOf(cfg.processingPriority ?? 'normal')}
        options={PRIORITIES}
        onChange={(v) => set('processingPriority', v)}
      />
      <NumberField
        label="Maximum processing time (ms)"
        path="maxProcessingTimeMs"
        error={error}
        value={cfg.maxProcessingTimeMs}
        onChange={(v) => set('maxProcessingTimeMs', v)}
      />
      <TextField
        label="ERP connection id (optional)"
        path="erpConnectionId"
        error={error}
        value={textOf(cfg.erpConnectionId ?? '')}
        onChange={(v) => set('erpConnectionId', v === '' ? undefined : v)}
      />
    </Section>
  );
}

function Thresholds(props: ListProps) {
  const t = (props.cfg.confidenceThresholds ?? {}) as JsonObject;
  const field = (key: string, label: string) => (
    <NumberField
      label={label}
      path={`confidenceThresholds.${key}`}
      step="0.01"
      error={props.error}
      value={t[key]}
      onChange={(v) => props.set(`confidenceThresholds.${key}`, v)}
    />
  );
  return (
    <Section
      legend="Confidence thresholds (0 to 1)"
      path="confidenceThresholds"
      error={props.error}
      disabled={props.disabled}
    >
      {field('autoProcess', 'Process automatically from')}
      {field('reviewFlag', 'Process but flag for review from')}
      {field('humanReview', 'Send to human review from (below: classification failed)')}
    </Section>
  );
}

function Notifications(props: ListProps) {
  const n = (props.cfg.internalNotifications ?? {}) as JsonObject;
  const s = (props.cfg.senderNotifications ?? {}) as JsonObject;
  const { set, error } = props;
  return (
    <>
      <Section legend="Internal notifications" path="internalNotifications" error={error} disabled={props.disabled}>
        <ListField
          label="Recipients"
          path="internalNotifications.recipients"
          error={error}
          value={n.recipients as string[]}
          onChange={(v) => set('internalNotifications.recipients', v)}
        />
        <CheckGroup
          legend="Notify about"
          path="internalNotifications.events"
          error={error}
          options={NOTIFY_EVENTS}
          value={n.events as string[]}
          onChange={(v) => set('internalNotifications.events', v)}
        />
        <CheckField
          label="One daily digest instead of a mail each"
          path="internalNotifications.digestMode"
          error={error}
          checked={n.digestMode === true}
          onChange={(v) => set('internalNotifications.digestMode', v)}
        />
      </Section>
      <Section legend="Replies to the sender" path="senderNotifications" error={error} disabled={props.disabled}>
        <CheckField
          label="Confirm receipt"
          path="senderNotifications.sendReceiptConfirmation"
          error={error}
          checked={s.sendReceiptConfirmation === true}
          onChange={(v) => set('senderNotifications.sendReceiptConfirmation', v)}
        />
        <CheckField
          label="Say when processing is complete"
          path="senderNotifications.sendProcessingComplete"
          error={error}
          checked={s.sendProcessingComplete === true}
          onChange={(v) => set('senderNotifications.sendProcessingComplete', v)}
        />
        <CheckField
          label="Say when something went wrong"
          path="senderNotifications.sendErrorNotification"
          error={error}
          checked={s.sendErrorNotification === true}
          onChange={(v) => set('senderNotifications.sendErrorNotification', v)}
        />
        <TextField
          label="From address (optional)"
          path="senderNotifications.notificationFromAddress"
          error={error}
          value={textOf(s.notificationFromAddress ?? '')}
          onChange={(v) => set('senderNotifications.notificationFromAddress', v === '' ? undefined : v)}
        />
      </Section>
    </>
  );
}

function Webhook(props: ListProps) {
  const w = props.cfg.webhooks as JsonObject | undefined;
  const { set, error } = props;
  return (
    <Section legend="Webhook for this prefix" path="webhooks" error={error} disabled={props.disabled}>
      <CheckField
        label="Send this prefix's events to a URL"
        path="webhooks.enabled"
        error={null}
        checked={w !== undefined}
        onChange={(on) => set('webhooks', on ? { url: '', secret: '', events: ['email.received'] } : undefined)}
      />
      {w && (
        <>
          <TextField
            label="HTTPS URL"
            path="webhooks.url"
            size={50}
            error={error}
            value={textOf(w.url ?? '')}
            onChange={(v) => set('webhooks.url', v)}
          />
          <TextField
            label="Signing secret"
            path="webhooks.secret"
            error={error}
            value={textOf(w.secret ?? '')}
            onChange={(v) => set('webhooks.secret', v)}
          />
          <CheckGroup
            legend="Events"
            path="webhooks.events"
            error={error}
            options={WEBHOOK_EVENTS}
            value={w.events as string[]}
            onChange={(v) => set('webhooks.events', v)}
          />
        </>
      )}
    </Section>
  );
}

function Attachments(props: ListProps) {
  const a = (props.cfg.attachments ?? {}) as JsonObject;
  const { set, error } = props;
  return (
    <Section legend="Attachments" path="attachments" error={error} disabled={props.disabled}>
      <NumberField
        label="Largest attachment (bytes)"
        path="attachments.maxSizeBytes"
        error={error}
        value={a.maxSizeBytes}
        onChange={(v) => set('attachments.maxSizeBytes', v)}
      />
      <CheckGroup
        legend="Accepted types"
        path="attachments.allowedMimeTypes"
        error={error}
        options={MIME_TYPES}
        value={a.allowedMimeTypes as string[]}
        onChange={(v) => set('attachments.allowedMimeTypes', v)}
      />
      <CheckField
        label="Process inline images"
        path="attachments.processInlineImages"
        error={error}
        checked={a.processInlineImages === true}
        onChange={(v) => set('attachments.processInlineImages', v)}
      />
      <CheckField
        label="Combine a message's attachments into one document"
        path="attachments.combineAttachments"
        error={error}
        checked={a.combineAttachments === true}
        onChange={(v) => set('attachments.combineAttachments', v)}
      />
    </Section>
  );
}

/** The whole configuration form; `stored` is null when creating. */
export function PrefixForm(props: {
  session: Session;
  stored: JsonObject | null;
  onSaved: (saved: JsonObject) => void;
}) {
  // What the server holds: the patch is computed from it, and it is replaced by each save's answer.
  const [before, setBefore] = useState<JsonObject | null>(props.stored);
  const creating = before === null;
  const [cfg, setCfg] = useState<JsonObject>(before ? settingsOf(before) : NEW_PREFIX);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const disabled = missingScope(props.session, EMAIL_SCOPE, EMAIL_SHARED) !== undefined;
  const set = (path: string, value: unknown) => {
    setSaved(false);
    setCfg((c) => setAt(c, path, value));
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      // The form holds the configuration as a JSON document (its controls write by path) and checks
      // nothing itself: the server validates the body and its error details land on the control whose
      // path they name. So a new prefix's body has the request's type by the server's check, which the
      // cast stands for (a patch's members are all optional); the method, the path and the answer are typed.
      const result = asDocument(
        creating
          ? await call('post', '/api/email-ingestion/config', {
              body: cfg as unknown as EmailIngestionConfigRequest,
            })
          : await call('patch', '/api/email-ingestion/config/{prefix}', {
              path: { prefix: textOf(cfg.emailPrefix) },
              body: mergePatch(settingsOf(before), cfg),
            }),
      );
      setSaved(true);
      setBefore(result);
      setCfg(settingsOf(result));
      props.onSaved(result);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const list: ListProps = { cfg, set, error, disabled };
  return (
    <form
      class="config-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={creating ? 'New prefix' : `Settings of ${textOf(cfg.emailPrefix)}`}
    >
      <General {...list} creating={creating} />
      <Thresholds {...list} />
      <Overrides {...list} />
      <RoutingRules {...list} />
      <Duplicates {...list} />
      <ExtractorMap {...list} />
      <Attachments {...list} />
      <Notifications {...list} />
      <Webhook {...list} />
      <ErrorBox error={error} />
      {saved && <p role="status">Saved.</p>}
      <p>
        <ActionButton
          session={props.session}
          scope={EMAIL_SCOPE}
          liveOnly={EMAIL_SHARED}
          reasonId="email-why"
          type="submit"
          busy={busy}
        >
          {creating ? 'Create prefix' : 'Save changes'}
        </ActionButton>
      </p>
    </form>
  );
}
