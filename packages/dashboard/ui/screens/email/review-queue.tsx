/**
 * The email review queue: documents the classifier was not sure enough about. Each item shows its
 * context and proposed type; a person previews the document and resolves it (as a type: the job is
 * created) or rejects it.
 */
import { useState } from 'preact/hooks';
import type { Session } from '../../api.js';
import { call } from '../../client.js';
import { ActionButton, DocumentPreview, ErrorBox, formatTime, Link, StatusBadge, useLoad } from '../../components.js';
import { SelectField } from '../../forms.js';
import { factsOf, Pager, usePages } from '../../resource-table.js';
import type { ExtractorSummary, ReviewItem } from '../../types.js';
import { EmailWhy } from './prefix-form.js';
import { plural, percent } from '../../format.js';

const PAGE = 20;
/** The types the classifier knows (core's classification/indicators.ts); extractors may add their own. */
const KNOWN_TYPES = ['invoice', 'receipt', 'purchase_order'];

/** The types a person can choose: the known ones, the organization's extractors' and the proposed one. */
const typeChoices = (extractors: ExtractorSummary[], proposed: string): string[] => [
  ...new Set([...KNOWN_TYPES, ...extractors.map((x) => x.document_type), proposed].filter((t) => t !== '')),
];
const SCOPE = 'email_ingestion:write';

export const reviewDocumentUrl = (id: string): string =>
  `/api/email-ingestion/review/${encodeURIComponent(id)}/document`;

function ReviewCard(props: { session: Session; item: ReviewItem; types: string[]; onDone: () => void }) {
  const { item } = props;
  const c = item.classification;
  const [type, setType] = useState(item.proposed_type);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const resolve = async (body: { documentType: string } | { reject: true }) => {
    setError(null);
    setBusy(true);
    try {
      await call('post', '/api/email-ingestion/review/{review_id}/resolve', { path: { review_id: item.id }, body });
      props.onDone();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  const pending = item.status === 'pending';
  return (
    <section class="card review-item" aria-label={`Review ${item.filename}`} data-review-id={item.id}>
      <h2>
        {item.filename} <StatusBadge status={item.status} />
      </h2>
      <dl class="facts">
        <dt>From</dt>
        <dd>{item.from ?? '—'}</dd>
        <dt>Subject</dt>
        <dd>{item.subject ?? '(no subject)'}</dd>
        <dt>Prefix</dt>
        <dd>
          <Link href={`/email/prefixes/${encodeURIComponent(item.prefix)}`}>{item.prefix}</Link> · received{' '}
          {formatTime(item.created_at)}
        </dd>
        <dt>Proposed type</dt>
        <dd>
          <code>{item.proposed_type}</code>{' '}
          {item.classification_failed
            ? `(the prefix's default: the classifier's best guess, ${c.documentType} at ${percent(c.confidence)}, was below the review threshold)`
            : `(classified at ${percent(c.confidence)})`}
        </dd>
        <dt>Why</dt>
        <dd>
          {c.reasoning}
          {c.keyIndicators && c.keyIndicators.length > 0 && ` · indicators: ${c.keyIndicators.join(', ')}`}
          {c.detectedVendor && ` · vendor: ${c.detectedVendor}`}
        </dd>
        {!pending && (
          <>
            <dt>Outcome</dt>
            <dd>
              {item.status === 'resolved' ? `processed as ${item.resolved_type}` : 'rejected'}{' '}
              {formatTime(item.resolved_at)}
              {item.job_id && (
                <>
                  {' '}
                  · job <Link href={`/documents/${item.job_id}`}>{item.job_id}</Link>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      <p>
        <button type="button" class="secondary" aria-expanded={preview} onClick={() => setPreview(!preview)}>
          {preview ? 'Hide the document' : 'Preview the document'}
        </button>
      </p>
      {preview && (
        <DocumentPreview
          src={reviewDocumentUrl(item.id)}
          mimeType={item.mime_type}
          title={`The document ${item.filename} under review`}
        />
      )}
      {pending && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void resolve({ documentType: type });
          }}
        >
          <SelectField
            label="Document type"
            path="documentType"
            error={error}
            value={type}
            options={props.types}
            onChange={setType}
          />
          <ActionButton session={props.session} scope={SCOPE} reasonId="email-why" type="submit" busy={busy}>
            Process as this type
          </ActionButton>{' '}
          <ActionButton
            session={props.session}
            scope={SCOPE}
            reasonId="email-why"
            busy={busy}
            class="danger"
            onClick={() => {
              if (confirm(`Reject ${item.filename}? It is not processed, and the item leaves the queue.`))
                void resolve({ reject: true });
            }}
          >
            Reject
          </ActionButton>
        </form>
      )}
      <ErrorBox error={error} />
    </section>
  );
}

export function ReviewQueue(props: { session: Session }) {
  const [status, setStatus] = useState<ReviewItem['status']>('pending');
  const pages = usePages(PAGE);
  const list = useLoad(
    () => call('get', '/api/email-ingestion/review', { query: { status, ...pages.query } }),
    [status, pages.position],
  );
  // Without extractors:read the known types remain.
  const extractors = useLoad(
    () =>
      call('get', '/v1/extractors', { query: { is_active: 'true', limit: 100 } })
        .then((r) => r.extractors)
        .catch(() => [] as ExtractorSummary[]),
    [],
  );
  return (
    <>
      <EmailWhy session={props.session} />
      <div class="filters">
        <label>
          Show{' '}
          <select
            value={status}
            onChange={(e) => {
              pages.reset();
              setStatus((e.target as HTMLSelectElement).value as ReviewItem['status']);
            }}
          >
            <option value="pending">pending</option>
            <option value="resolved">resolved</option>
            <option value="rejected">rejected</option>
          </select>
        </label>
      </div>
      <ErrorBox error={list.error} />
      {list.data && (
        <p role="status">
          {list.data.total === 0
            ? `No ${status} items.`
            : `${plural(list.data.total, `${status} item`)}, oldest first.`}
        </p>
      )}
      {list.data?.items.map((item) => (
        <ReviewCard
          key={item.id}
          session={props.session}
          item={item}
          types={typeChoices(extractors.data ?? [], item.proposed_type)}
          onDone={list.reload}
        />
      ))}
      {/* Each item is a form with its own preview, not a row: the cards share the tables' pager. */}
      {list.data && (
        <Pager
          pages={pages}
          facts={factsOf(list.data, list.data.items.length)}
          label="Review pages"
          busy={list.loading}
        />
      )}
    </>
  );
}
