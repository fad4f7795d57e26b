import { useEffect, useState } from 'preact/hooks';
import type { Session } from '../api.js';
import { call } from '../client.js';
import { can, Empty, ErrorBox, useLoad } from '../components.js';
import { listTotal } from '../format.js';
import { ResourceTable, usePages } from '../resource-table.js';
import type { DocumentsQuery } from '../types.js';
import { RegisterFilters } from './register-filters.js';
import { readQuery, toParams, type RegisterQuery } from './register-query.js';
import { registerColumns } from './register-table.js';
import { UploadBox } from './upload.js';

const PAGE = 25;

/**
 * The register's filters as the list's query: the page's URL says them in text, which the API checks
 * (a value it does not take is its 400, shown above the list).
 */
const listQuery = (query: RegisterQuery): DocumentsQuery => Object.fromEntries(toParams(query));

/** The documents register: every document with its extracted essentials, sorted, filtered and searched by the URL. */
export function Documents(props: { session: Session }) {
  const [query, setQuery] = useState<RegisterQuery>(() => readQuery(location.search));
  // Paged by the API's next_cursor: a page deep in a million jobs costs what the first does.
  const pages = usePages(PAGE, 'cursor');
  const [actionError, setActionError] = useState<unknown>(null);
  const extractors = useLoad(() => call('get', '/v1/extractors', { query: { limit: 100 } }), []);
  const jobs = useLoad(
    () => call('get', '/v1/documents', { query: { ...listQuery(query), ...pages.query } }),
    [query, pages.position],
  );

  // The URL follows the list (replaced, not pushed: Back leaves the screen rather than undoing a filter).
  useEffect(() => {
    const search = toParams(query).toString();
    const url = `${location.pathname}${search ? `?${search}` : ''}`;
    if (url !== `${location.pathname}${location.search}`) history.replaceState(null, '', url);
  }, [query]);

  const change = (next: RegisterQuery) => {
    pages.reset();
    setQuery(next);
  };
  const remove = (id: string, name: string) => {
    if (!confirm(`Delete ${name} permanently, with its file and extracted data? This cannot be undone.`)) return;
    setActionError(null);
    call('delete', '/v1/documents/{job_id}', { path: { job_id: id } }).then(jobs.reload, setActionError);
  };
  const exportParams = toParams({ ...query });
  exportParams.set('format', 'csv');
  const extractorList = extractors.data?.extractors ?? [];
  return (
    <>
      <h1>Documents</h1>
      <ErrorBox error={extractors.error} />
      {extractors.data && (
        <UploadBox session={props.session} extractors={extractors.data.extractors} onDone={jobs.reload} />
      )}
      <RegisterFilters query={query} extractors={extractorList} onChange={change} />
      <ErrorBox error={actionError} />
      <ResourceTable
        list={jobs}
        rows={(list) => list.jobs}
        rowKey={(job) => job.id}
        columns={registerColumns({
          extractors: extractorList,
          canDelete: can(props.session, 'documents:write'),
          onDelete: remove,
        })}
        class="register"
        boxed
        sort={{ current: query.sort, onSort: (sort) => change({ ...query, sort }) }}
        caption={(list, at) =>
          `${listTotal(list, 'document')}; showing ${at.offset + 1}–${at.offset + list.jobs.length}`
        }
        above={(list) => (
          <p class="register-actions">
            <a class="button-link" href={`/v1/documents/export?${exportParams.toString()}`} download="documents.csv">
              Export CSV
            </a>{' '}
            <span class="hint">the whole filtered list, {listTotal(list, 'document')}</span>
          </p>
        )}
        empty={
          <Empty title="No documents match">
            <p>
              Submit one above, send it with POST /v1/documents, or mail it to a prefix. Filters and the search narrow
              this list; clear them to see everything.
            </p>
          </Empty>
        }
        pages={pages}
        pagerLabel="Pages"
      />
    </>
  );
}
