import { useState } from 'preact/hooks';
import { api, type Session } from '../api.js';
import { Empty, ErrorBox, formatTime, Link, StatusBadge, useLoad } from '../components.js';
import type { Extractor, JobList } from '../types.js';
import { UploadBox } from './upload.js';

const PAGE = 25;

// A type alias, not an interface, so that Object.entries sees string values.
type Filters = {
  status: string;
  extractor_id: string;
  created_after: string;
  created_before: string;
  min_confidence: string;
};

/** Page n > 0 is asked for by the cursor page n - 1 gave: a page deep in a million jobs costs what the first does. */
const query = (f: Filters, cursor: string | undefined): string => {
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (cursor) q.set('cursor', cursor);
  for (const [name, value] of Object.entries(f)) if (value) q.set(name, value);
  return q.toString();
};

export function Documents(props: { session: Session }) {
  const [filters, setFilters] = useState<Filters>({
    status: '',
    extractor_id: '',
    created_after: '',
    created_before: '',
    min_confidence: '',
  });
  // The cursors of the pages before this one, so Previous goes back without an offset.
  const [cursors, setCursors] = useState<string[]>([]);
  const offset = cursors.length * PAGE;
  const extractors = useLoad(() => api<{ extractors: Extractor[] }>('GET', '/v1/extractors?limit=100'), []);
  const jobs = useLoad(
    () => api<JobList>('GET', `/v1/documents?${query(filters, cursors.at(-1))}`),
    [filters, cursors],
  );
  const set = (name: keyof Filters) => (e: Event) => {
    setCursors([]);
    setFilters({ ...filters, [name]: (e.target as HTMLInputElement).value });
  };
  const list = jobs.data;
  return (
    <>
      <h1>Documents</h1>
      <ErrorBox error={extractors.error} />
      {extractors.data && (
        <UploadBox session={props.session} extractors={extractors.data.extractors} onDone={jobs.reload} />
      )}
      <form class="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status{' '}
          <select value={filters.status} onChange={set('status')}>
            <option value="">any</option>
            {['queued', 'processing', 'completed', 'failed'].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Extractor{' '}
          <select value={filters.extractor_id} onChange={set('extractor_id')}>
            <option value="">any</option>
            {extractors.data?.extractors.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Created after <input type="date" value={filters.created_after} onChange={set('created_after')} />
        </label>
        <label>
          Created before <input type="date" value={filters.created_before} onChange={set('created_before')} />
        </label>
        <label>
          Confidence at least{' '}
          <input
            type="number"
            min={0}
            max={1}
            step={0.05}
            value={filters.min_confidence}
            onChange={set('min_confidence')}
          />
        </label>
      </form>
      <ErrorBox error={jobs.error} />
      {list && list.total === 0 && (
        <Empty title="No documents match">
          <p>
            Submit one above, send it with POST /v1/documents, or mail it to a prefix. Filters narrow this list; clear
            them to see everything.
          </p>
        </Empty>
      )}
      {list && list.total > 0 && (
        <>
          <table>
            <caption>
              {list.total} documents; showing {offset + 1}–{offset + list.jobs.length}
            </caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Pages</th>
                <th scope="col">Credits</th>
                <th scope="col">Review</th>
              </tr>
            </thead>
            <tbody>
              {list.jobs.map((job) => (
                <tr key={job.id}>
                  <td>
                    <Link href={`/documents/${job.id}`}>{job.id}</Link>
                  </td>
                  <td>
                    <StatusBadge status={job.status} />
                  </td>
                  <td>{formatTime(job.created_at)}</td>
                  <td>{job.page_count}</td>
                  <td>{job.cost_credits}</td>
                  <td>{job.needs_review ? 'needs review' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav class="pager" aria-label="Pages">
            <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
              Previous
            </button>
            <button
              type="button"
              disabled={!list.next_cursor}
              onClick={() => list.next_cursor && setCursors([...cursors, list.next_cursor])}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </>
  );
}
