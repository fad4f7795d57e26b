import { useEffect, useState } from 'preact/hooks';
import { api, type Session } from '../api.js';
import { call } from '../client.js';
import { can, Empty, ErrorBox, useLoad } from '../components.js';
import { listTotal } from '../format.js';
import type { JobList } from '../types.js';
import { RegisterFilters } from './register-filters.js';
import { readQuery, toParams, type RegisterQuery } from './register-query.js';
import { RegisterTable } from './register-table.js';
import { UploadBox } from './upload.js';

const PAGE = 25;

/** Page n > 0 is asked for by the cursor page n - 1 gave: a page deep in a million jobs costs what the first does. */
const listPath = (query: RegisterQuery, cursor: string | undefined): string => {
  const params = toParams(query);
  params.set('limit', String(PAGE));
  if (cursor) params.set('cursor', cursor);
  return `/v1/documents?${params.toString()}`;
};

/** The documents register: every document with its extracted essentials, sorted, filtered and searched by the URL. */
export function Documents(props: { session: Session }) {
  const [query, setQuery] = useState<RegisterQuery>(() => readQuery(location.search));
  // The cursors of the pages before this one, so Previous goes back without an offset.
  const [cursors, setCursors] = useState<string[]>([]);
  const [actionError, setActionError] = useState<unknown>(null);
  const offset = cursors.length * PAGE;
  const extractors = useLoad(() => call('get', '/v1/extractors', { query: { limit: 100 } }), []);
  const jobs = useLoad(() => api<JobList>('GET', listPath(query, cursors.at(-1))), [query, cursors]);

  // The URL follows the list (replaced, not pushed: Back leaves the screen rather than undoing a filter).
  useEffect(() => {
    const search = toParams(query).toString();
    const url = `${location.pathname}${search ? `?${search}` : ''}`;
    if (url !== `${location.pathname}${location.search}`) history.replaceState(null, '', url);
  }, [query]);

  const change = (next: RegisterQuery) => {
    setCursors([]);
    setQuery(next);
  };
  const remove = (id: string, name: string) => {
    if (!confirm(`Delete ${name} permanently, with its file and extracted data? This cannot be undone.`)) return;
    setActionError(null);
    call('delete', '/v1/documents/{job_id}', { path: { job_id: id } }).then(jobs.reload, setActionError);
  };
  const list = jobs.data;
  const exportParams = toParams({ ...query });
  exportParams.set('format', 'csv');
  return (
    <>
      <h1>Documents</h1>
      <ErrorBox error={extractors.error} />
      {extractors.data && (
        <UploadBox session={props.session} extractors={extractors.data.extractors} onDone={jobs.reload} />
      )}
      <RegisterFilters query={query} extractors={extractors.data?.extractors ?? []} onChange={change} />
      <ErrorBox error={jobs.error} />
      <ErrorBox error={actionError} />
      {list && list.total === 0 && (
        <Empty title="No documents match">
          <p>
            Submit one above, send it with POST /v1/documents, or mail it to a prefix. Filters and the search narrow
            this list; clear them to see everything.
          </p>
        </Empty>
      )}
      {list && list.total > 0 && (
        <>
          <p class="register-actions">
            <a class="button-link" href={`/v1/documents/export?${exportParams.toString()}`} download="documents.csv">
              Export CSV
            </a>{' '}
            <span class="hint">the whole filtered list, {listTotal(list, 'document')}</span>
          </p>
          <RegisterTable
            list={list}
            offset={offset}
            extractors={extractors.data?.extractors ?? []}
            sort={query.sort}
            onSort={(sort) => change({ ...query, sort })}
            canDelete={can(props.session, 'documents:write')}
            onDelete={remove}
          />
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
