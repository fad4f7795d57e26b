/**
 * The documents review queue: completed jobs that need a person's look (needs_review: a low
 * confidence, a validation error, a missing required field), from the API's own filter. Confirming
 * or rejecting a document on the review screen takes it out.
 */
import { call } from '../client.js';
import { Empty, formatTime, Link, useLoad } from '../components.js';
import { plural } from '../format.js';
import { ResourceTable, usePages, type Column } from '../resource-table.js';
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

const COLUMNS: Column<Job>[] = [
  { title: 'Job', cell: (job) => <Link href={`/documents/${job.id}/review`}>Review {job.id}</Link> },
  { title: 'Why', cell: reasons },
  { title: 'Pages', cell: (job) => job.page_count },
  { title: 'Completed', cell: (job) => formatTime(job.completed_at) },
];

export function ReviewQueue() {
  const pages = usePages(PAGE);
  const queue = useLoad(() => reviewQueuePage(PAGE, pages.position.offset), [pages.position]);
  return (
    <>
      <h1>Documents to review</h1>
      <p class="hint">
        Completed documents whose extraction needs a person: a field under 50% confidence, a validation error or a
        missing required field. Saving a review (confirm) or rejecting the document takes it off this list.
      </p>
      <ResourceTable
        list={queue}
        rows={(list) => list.jobs}
        rowKey={(job) => job.id}
        columns={COLUMNS}
        caption={(list) => `${plural(list.total, 'document needs', 'documents need')} review, newest first`}
        above={(list) =>
          list.jobs[0] && (
            <p>
              <Link href={`/documents/${list.jobs[0].id}/review`}>Start reviewing</Link>
            </p>
          )
        }
        empty={
          <Empty title="Nothing to review">
            <p>Every completed document has been confirmed or needed no review.</p>
          </Empty>
        }
        pages={pages}
        pagerLabel="Queue pages"
      />
    </>
  );
}
