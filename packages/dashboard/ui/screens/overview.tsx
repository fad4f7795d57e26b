import { api, ApiError, type Session } from '../api.js';
import { can, Copyable, Empty, ErrorBox, formatTime, Link, useLoad } from '../components.js';
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
  pending_reviews: Part<{ total: number }>;
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
        <dd>{Math.round(s.success_rate * 100)}%</dd>
        <dt>Average time</dt>
        <dd>{Math.round(s.avg_processing_time_ms)} ms</dd>
        <dt>Credits used</dt>
        <dd>{s.total_credits_used}</dd>
      </dl>
    </section>
  );
}

export function Overview(props: { session: Session }) {
  const { data, error } = useLoad(() => api<OverviewData>('GET', '/v1/overview'), []);
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
              <strong>Mail a document to it</strong> (the daemon's SMTP port, 2525 unless SMTP_PORT says otherwise; the
              domain is its EMAIL_DOMAIN), or drop a file on the <Link href="/documents">Documents</Link> screen.
              <Copyable
                label="Mail a document with swaks"
                text={`swaks --server ${location.hostname}:2525 --to ap@localhost --from you@example.com --attach @invoice.pdf`}
              />
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
          <section class="card" aria-label="Pending reviews">
            <h2>Pending reviews</h2>
            {'error' in data.pending_reviews ? (
              <ErrorBox error={partError(data.pending_reviews)} />
            ) : (
              <p class="big">{data.pending_reviews.total}</p>
            )}
            {can(props.session, 'email_ingestion:read') &&
              !('error' in data.pending_reviews) &&
              data.pending_reviews.total === 0 && <p>Nothing waits for a person.</p>}
          </section>
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
