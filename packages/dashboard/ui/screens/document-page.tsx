import { useState } from 'preact/hooks';
import { call } from '../client.js';
import { ErrorBox, formatTime, Link, StatusBadge, useLoad } from '../components.js';
import { bandOf, percent, readableName } from '../format.js';
import type { Correction, Job } from '../types.js';
import type { Session } from '../api.js';
import { JobDeliveries } from './job-deliveries.js';
import { emailOf, ReprocessButton } from './document-actions.js';
import { PaymentDetails } from './payment-details.js';

const show = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);

/** The job's corrections and confirmations, oldest first (`?include=corrections` of the job's GET). */
function Corrections(props: { corrections: Correction[] }) {
  return (
    <section class="card" aria-label="Corrections">
      <h2>Corrections</h2>
      {props.corrections.length === 0 && <p>No corrections or confirmations yet.</p>}
      {props.corrections.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Field</th>
              <th scope="col">Kind</th>
              <th scope="col">Old value</th>
              <th scope="col">New value</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {props.corrections.map((c) => (
              <tr key={c.id}>
                <td>{formatTime(c.created_at)}</td>
                <th scope="row">{c.field ?? 'whole document'}</th>
                <td>{c.kind}</td>
                <td>{show(c.old_value)}</td>
                <td>{show(c.new_value)}</td>
                <td>
                  <code>{c.corrected_by}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The original inline, on demand (a PDF viewer is heavy): an image as an image, a PDF in a frame. */
function Preview(props: { job: Job }) {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <button type="button" onClick={() => setShown(true)}>
        Show the original here
      </button>
    );
  }
  return props.job.mime_type.startsWith('image/') ? (
    <img class="preview" src={props.job.document_url} alt={`The original document of ${props.job.id}`} />
  ) : (
    <iframe class="preview" src={props.job.document_url} title={`The original document of ${props.job.id}`} />
  );
}

export function DocumentPage(props: { id: string; session: Session }) {
  const { data, error, reload } = useLoad(async () => {
    // The job with its corrections, then its extractor (for its name and field descriptions; a
    // deleted one, or a key without extractors:read, leaves the id); with the deliveries, three.
    const job = await call('get', '/v1/documents/{job_id}', {
      path: { job_id: props.id },
      query: { include: 'corrections' },
    });
    const extractor = await call('get', '/v1/extractors/{extractor_id}', {
      path: { extractor_id: job.extractor_id },
    }).catch(() => undefined);
    return { job, extractor };
  }, [props.id]);
  const job = data?.job;
  const email = job ? emailOf(job.metadata) : undefined;
  const labelOf = (name: string) =>
    data?.extractor?.field_definitions?.find((d) => d.name === name)?.description || readableName(name);
  return (
    <>
      <p>
        <Link href="/documents">← Documents</Link>
      </p>
      <h1>Document {props.id}</h1>
      <ErrorBox error={error} />
      {job && (
        <>
          <section class="card" aria-label="Job">
            <dl class="facts">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={job.status} /> {job.needs_review && <span class="badge warn">needs review</span>}{' '}
                {job.status === 'completed' && <Link href={`/documents/${job.id}/review`}>Review the fields</Link>}{' '}
                <ReprocessButton session={props.session} job={job} onDone={reload} />
              </dd>
              <dt>Extractor</dt>
              <dd>
                {data.extractor ? (
                  <>
                    {data.extractor.name} <span class="hint">({data.extractor.document_type})</span>
                  </>
                ) : (
                  <code>{job.extractor_id}</code>
                )}
              </dd>
              {email && (
                <>
                  <dt>From</dt>
                  <dd>{email.from ?? '—'}</dd>
                  <dt>Subject</dt>
                  <dd>{email.subject ?? '—'}</dd>
                  {email.file && (
                    <>
                      <dt>Attachment</dt>
                      <dd>{email.file}</dd>
                    </>
                  )}
                </>
              )}
              <dt>Created</dt>
              <dd>{formatTime(job.created_at)}</dd>
              <dt>Finished</dt>
              <dd>{formatTime(job.completed_at ?? job.failed_at)}</dd>
              <dt>Processing time</dt>
              <dd>{job.processing_time_ms === null ? '—' : `${job.processing_time_ms} ms`}</dd>
              <dt>Credits</dt>
              <dd>{job.cost_credits}</dd>
              <dt>Pages</dt>
              <dd>
                {job.page_count} ({job.mime_type})
              </dd>
              <dt>Original</dt>
              <dd>
                <a href={job.document_url} target="_blank" rel="noopener">
                  Download the original
                </a>{' '}
                <Preview job={job} />
              </dd>
              {Object.keys(email?.rest ?? job.metadata).length > 0 && (
                <>
                  <dt>Metadata</dt>
                  <dd>
                    <pre>{show(email?.rest ?? job.metadata)}</pre>
                  </dd>
                </>
              )}
            </dl>
          </section>
          {job.error_details && (
            <section class="card error" aria-label="Why it failed">
              <h2>Why it failed</h2>
              <p>
                <code>{job.error_details.code}</code>: {job.error_details.message}
              </p>
              <p>
                <strong>Suggestion:</strong> {job.error_details.suggestion}
              </p>
            </section>
          )}
          <PaymentDetails job={job} />
          {job.extracted_data && (
            <section class="card" aria-label="Extracted fields">
              <h2>Extracted fields</h2>
              <table class="fields">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Value</th>
                    <th scope="col">Confidence</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(job.extracted_data).map(([name, value]) => {
                    const c = job.confidence?.[name];
                    const problems = job.validation_errors.filter(
                      (v) => v.field === name || v.field.startsWith(`${name}.`),
                    );
                    return (
                      <tr key={name} class={problems.length ? 'invalid' : undefined}>
                        <th scope="row">
                          {labelOf(name)}
                          <br />
                          <code class="hint">{name}</code>
                        </th>
                        <td>
                          <pre>{show(value)}</pre>
                          {problems.map((p) => (
                            <p key={`${p.field}-${p.rule}`} class="field-error">
                              {p.field}: {p.message} ({p.rule})
                            </p>
                          ))}
                        </td>
                        <td>
                          <span class={`band band-${c === undefined ? 'none' : bandOf(c)}`}>
                            {c === undefined ? '—' : percent(c)}
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          )}
          {job.validation_errors.length > 0 && (
            <section class="card" aria-label="Validation errors">
              <h2>Validation errors</h2>
              <ul>
                {job.validation_errors.map((v) => (
                  <li key={`${v.field}-${v.rule}`}>
                    <code>{v.field}</code> ({v.rule}): {v.message}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {job.status === 'completed' && <Corrections corrections={job.corrections ?? []} />}
          <JobDeliveries session={props.session} jobId={job.id} />
        </>
      )}
    </>
  );
}
