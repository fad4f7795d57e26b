/**
 * The documents review queue: completed jobs that need a person's look (needs_review: a low
 * confidence, a validation error, a missing required field), from the API's own filter. Confirming
 * or rejecting a document on the review screen takes it out.
 */
import { useState } from 'preact/hooks';
import { call } from '../client.js';
import { Empty, ErrorBox, formatTime, Link, Pager, useLoad } from '../components.js';
import { plural } from '../format.js';
import type { Job, JobList } from '../types.js';

const PAGE = 25;
/** The API's REVIEW_BELOW: under it a field needs a look. */
const LOW_CONFIDENCE = 0.5;

/** One page of the queue: completed jobs with needs_review, newest first (the list's order). */
export const reviewQueuePage = (limit: number, offset = 0): Promise<JobList> =>
  call('get', '/v1/documents', { query: { status: 'completed', needs_review: 'true', limit, offset } });

/** Why a job is in the queue, in a few words. */
function reasons(job: Job): string {
  const low = Object.values(job.confidence ?? {}).filter((c) => c < LOW_CONFIDENCE).length;
  const errors = job.validation_errors.length;
  const parts = [
    errors ? `${errors} validation ${errors === 1 ? 'error' : 'errors'}` : '',
    low ? `${low} low-confidence ${low === 1 ? 'field' : 'fields'}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'flagged for review';
}

export function ReviewQueue() {
  const [offset, setOffset] = useState(0);
  const { data, error } = useLoad(() => reviewQueuePage(PAGE, offset), [offset]);
  return (
    <>
      <h1>Documents to review</h1>
      <p class="hint">
        Completed documents whose extraction needs a person: a field under 50% confidence, a validation error or a
        missing required field. Saving a review (confirm) or rejecting the document takes it off this list.
      </p>
      <ErrorBox error={error} />
      {!data && !error && <p>Loading…</p>}
      {data && data.total === 0 && (
        <Empty title="Nothing to review">
          <p>Every completed document has been confirmed or needed no review.</p>
        </Empty>
      )}
      {data && data.total > 0 && (
        <>
          <p>
            <Link href={`/documents/${data.jobs[0]!.id}/review`}>Start reviewing</Link>
          </p>
          <table>
            <caption>{plural(data.total, 'document needs', 'documents need')} review, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Why</th>
                <th scope="col">Pages</th>
                <th scope="col">Completed</th>
              </tr>
            </thead>
            <tbody>
              {data.jobs.map((job) => (
                <tr key={job.id}>
                  <td>
                    <Link href={`/documents/${job.id}/review`}>Review {job.id}</Link>
                  </td>
                  <td>{reasons(job)}</td>
                  <td>{job.page_count}</td>
                  <td>{formatTime(job.completed_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} size={PAGE} total={data.total} onOffset={setOffset} label="Queue pages" />
        </>
      )}
    </>
  );
}
