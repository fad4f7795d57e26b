import { ApiError, type Session } from '../api.js';
import { call } from '../client.js';
import { swaksCommand } from '../commands.js';
import { can, Copyable, Empty, ErrorBox, formatTime, Link, useLoad } from '../components.js';
import { percent, plural } from '../format.js';
import { JobsPerDayChart, type DayCounts } from '../chart.js';
import type { Balance, Job, Stats } from '../types.js';

/** A part the key may not read comes as that endpoint's error body. */
type Part<T> = T | { error: { code: string; message: string; status: number } };

/** `GET /v1/overview`: every number of this screen in one request. */
interface OverviewData {
  last_24h: Stats;
  last_30d: Stats;
  daily: DayCounts[];
  recent_failures: Job[];
  credits: Part<Balance>;
  /** Email items the classifier was unsure of; with `classification_items` and `documents_to_review` from newer daemons. */
  pending_reviews: Part<{ total: number; classification_items?: number | null; documents_to_review?: number }>;
  documents_to_review?: number;
  classification_items?: number;
}

/**
 * What waits for a person: documents to review and email items to classify. A daemon whose
 * overview does not count the documents is asked for them (the review queue's total).
 */
async function loadOverview(): Promise<OverviewData & { documents: number | Error }> {
  const data: OverviewData = await call('get', '/v1/overview');
  const given =
    data.documents_to_review ??
    ('error' in data.pending_reviews ? undefined : data.pending_reviews.documents_to_review);
  if (given !== undefined) return { ...data, documents: given };
  const documents = await call('get', '/v1/documents', {
    query: { status: 'completed', needs_review: 'true', limit: 1 },
  }).then(
    (list) => list.total,
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );
  return { ...data, documents };
}

function PendingReviews(props: { data: OverviewData & { documents: number | Error }; session: Session }) {
  const { pending_reviews: items, documents } = props.data;
  const classification =
    props.data.classification_items ?? ('error' in items ? undefined : (items.classification_items ?? items.total));
  const total = (typeof documents === 'number' ? documents : 0) + (classification ?? 0);
  return (
    <section class="card" aria-label="Pending reviews">
      <h2>Pending reviews</h2>
      <p class="big">{total}</p>
      <ul class="plain">
        <li>
          {typeof documents === 'number' ? (
            <Link href="/review">{plural(documents, 'document', 'documents')} to review</Link>
          ) : (
            <ErrorBox error={documents} />
          )}
        </li>
        <li>
          {'error' in items && classification === undefined ? (
            <ErrorBox error={partError(items)} />
          ) : (
            <Link href="/email/review">{plural(classification ?? 0, 'email attachment')} to classify</Link>
          )}
        </li>
      </ul>
      {total === 0 && typeof documents === 'number' && can(props.session, 'email_ingestion:read') && (
        <p>Nothing waits for a person.</p>
      )}
    </section>
  );
}

/** The error of a part, as an ApiError so that ErrorBox shows it in the API's words. */
const partError = (p: { error: { code: string; message: string; status: number } }) =>
  new ApiError(p.error.status, p.error.code, p.error.message);

function StatBlock(props: { title: string; stats: Stats }) {
  const s = props.stats;
  return (
    <section class="card" aria-label={props.title}>
      <h2>{props.title}</h2>
      <dl class="stats">
        <dt>Documents</dt>
        <dd>{s.total_jobs}</dd>
        <dt>Completed</dt>
        <dd>{s.completed_jobs}</dd>
        <dt>Failed</dt>
        <dd>{s.failed_jobs}</dd>
        <dt>Success rate</dt>
        <dd>{percent(s.success_rate)}</dd>
        <dt>Average time</dt>
        <dd>{Math.round(s.avg_processing_time_ms)} ms</dd>
        <dt>Credits used</dt>
        <dd>{s.total_credits_used}</dd>
      </dl>
    </section>
  );
}

export function Overview(props: { session: Session }) {
  const { data, error } = useLoad(loadOverview, []);
  return (
    <>
      <h1>Overview</h1>
      <ErrorBox error={error} />
      {data && data.last_30d.total_jobs === 0 && (
        <Empty title="Start here">
          <p>No documents yet. Three steps take a document from a mailbox to extracted fields:</p>
          <ol class="steps">
            <li>
              <strong>Create an extractor</strong>: the fields to read from a kind of document (or on the{' '}
              <Link href="/extractors">Extractors</Link> screen).
              <Copyable
                label="Create an extractor with curl"
                text={`curl -X POST ${location.origin}/v1/extractors -H "Authorization: Bearer $INTAKE_KEY" -H "Content-Type: application/json" \\\n  -d '{"name":"Invoices","document_type":"invoice","field_definitions":[{"name":"invoice_number","type":"text","required":true,"description":"The invoice number"}]}'`}
              />
            </li>
            <li>
              <strong>Create an email prefix</strong>: the address documents are mailed to (or on the{' '}
              <Link href="/email">Email</Link> screen).
              <Copyable
                label="Create a prefix with curl"
                text={`curl -X POST ${location.origin}/api/email-ingestion/config -H "Authorization: Bearer $INTAKE_KEY" -H "Content-Type: application/json" \\\n  -d '{"emailPrefix":"ap","defaultDocumentType":"invoice"}'`}
              />
            </li>
            <li>
              <strong>Mail a document to it</strong> (this daemon's SMTP address and mail domain, as it runs now), or
              drop a file on the <Link href="/documents">Documents</Link> screen.
              <Copyable label="Mail a document with swaks" text={swaksCommand(props.session)} />
            </li>
          </ol>
        </Empty>
      )}
      {data && (
        <div class="grid">
          <StatBlock title="Last 24 hours" stats={data.last_24h} />
          <StatBlock title="Last 30 days" stats={data.last_30d} />
          <section class="card wide" aria-label="Jobs per day">
            <h2>Jobs per day</h2>
            <JobsPerDayChart days={data.daily} />
          </section>
          <section class="card" aria-label="Credits">
            <h2>Credits</h2>
            {'error' in data.credits ? (
              <ErrorBox error={partError(data.credits)} />
            ) : (
              <>
                <p class="big">{data.credits.available}</p>
                <p>
                  available of {data.credits.balance} ({data.credits.reserved} reserved). Low-balance warning at{' '}
                  {data.credits.low_balance_threshold}.
                </p>
                {data.credits.available <= data.credits.low_balance_threshold && (
                  <p class="warn">The balance is at or below the low-balance threshold.</p>
                )}
              </>
            )}
          </section>
          <PendingReviews data={data} session={props.session} />
          <section class="card wide" aria-label="Recent failures">
            <h2>Recent failures</h2>
            {data.recent_failures.length === 0 ? (
              <p>No failed documents.</p>
            ) : (
              <ul class="plain">
                {data.recent_failures.map((job) => (
                  <li key={job.id}>
                    <Link href={`/documents/${job.id}`}>{job.id}</Link> · {formatTime(job.failed_at)} ·{' '}
                    {job.error_details?.message}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}
