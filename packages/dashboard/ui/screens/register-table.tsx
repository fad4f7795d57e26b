import { Link, StatusBadge } from '../components.js';
import { bandOf, listTotal, percent } from '../format.js';
import type { ExtractorSummary, Job, JobList, RegisterFields } from '../types.js';
import { nextSort, sortState } from './register-query.js';

type Row = Job & { register?: RegisterFields };

/** The register's columns: header, the API's sort key, and the cell (also its label on a phone's stacked card). */
const COLUMNS: { title: string; sort: string }[] = [
  { title: 'File', sort: 'file_name' },
  { title: 'Source', sort: 'source' },
  { title: 'Extractor', sort: 'extractor' },
  { title: 'Type', sort: 'document_type' },
  { title: 'Vendor', sort: 'vendor' },
  { title: 'Number', sort: 'document_number' },
  { title: 'Date', sort: 'document_date' },
  { title: 'Total', sort: 'total' },
  { title: 'Lowest confidence', sort: 'lowest_confidence' },
  { title: 'Status', sort: 'status' },
  { title: 'Review', sort: 'review_state' },
];

const REVIEW_STATES: Record<RegisterFields['review_state'], string> = {
  needs_review: 'needs review',
  confirmed: 'confirmed',
  rejected: 'rejected',
  none: '',
};

const money = (total: number | null, currency: string | null): string =>
  total === null
    ? ''
    : `${total.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;

/** What a row is called: its file name, else its id. */
export const rowName = (job: Row): string => job.register?.file_name ?? job.id;

/**
 * A sender's address, breakable only before its "@" ("ap" above "@bolt.example", never "ap@bolt.e"
 * above "xample"); the whole address is its title as well.
 */
function Address(props: { address: string }) {
  const at = props.address.lastIndexOf('@');
  return (
    <span class="address" title={props.address}>
      {at > 0 ? (
        <>
          {props.address.slice(0, at)}
          <wbr />
          <span class="domain">{props.address.slice(at)}</span>
        </>
      ) : (
        props.address
      )}
    </span>
  );
}

function Source(props: { source: RegisterFields['source'] | undefined }) {
  const s = props.source;
  if (!s || s.kind === 'upload') return <>upload</>;
  return (
    <>
      email from {s.sender ? <Address address={s.sender} /> : 'an unknown sender'}
      {s.subject && (
        <>
          <br />
          <span class="hint">“{s.subject}”</span>
        </>
      )}
    </>
  );
}

/** Per column: the total aligned as a number; number and date unbroken; the source's address breakable at its "@". */
const CELL_CLASSES: Record<number, string> = { 1: 'source', 5: 'nowrap', 6: 'nowrap', 7: 'number' };

function Cells(props: { job: Row; extractors: ExtractorSummary[] }) {
  const { job } = props;
  const r = job.register;
  const extractor =
    r?.extractor.name ?? props.extractors.find((x) => x.id === job.extractor_id)?.name ?? job.extractor_id;
  const lowest = r?.lowest_confidence ?? null;
  const review = r ? REVIEW_STATES[r.review_state] : job.needs_review ? 'needs review' : '';
  const cells = [
    <Link href={`/documents/${job.id}`}>{rowName(job)}</Link>,
    <Source source={r?.source} />,
    extractor,
    r?.document_type ?? '',
    r?.vendor ?? '',
    r?.document_number ?? '',
    r?.document_date ?? '',
    money(r?.total ?? null, r?.currency ?? null),
    lowest === null ? '' : <span class={`band band-${bandOf(lowest)}`}>{percent(lowest)}</span>,
    <StatusBadge status={job.status} />,
    review && <span class={review === 'needs review' ? 'badge warn' : 'badge'}>{review}</span>,
  ];
  return (
    <>
      {cells.map((cell, i) =>
        i === 0 ? (
          <th key={i} scope="row" data-label={COLUMNS[i]!.title}>
            {cell}
          </th>
        ) : (
          // An empty cell gets no "Review:" of its own on the phone's cards.
          <td key={i} data-label={cell === '' ? '' : COLUMNS[i]!.title} class={CELL_CLASSES[i]}>
            {cell}
          </td>
        ),
      )}
    </>
  );
}

/** One page of the register; a column's header sorts by it (again: the other way). */
export function RegisterTable(props: {
  list: JobList;
  offset: number;
  extractors: ExtractorSummary[];
  sort: string;
  onSort: (sort: string) => void;
  canDelete: boolean;
  onDelete: (id: string, name: string) => void;
}) {
  const { list, offset } = props;
  return (
    <div class="table-box">
      <table class="register">
        <caption>
          {listTotal(list, 'document')}; showing {offset + 1}–{offset + list.jobs.length}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.sort} scope="col" aria-sort={sortState(props.sort, c.sort)}>
                <button type="button" class="sort" onClick={() => props.onSort(nextSort(props.sort, c.sort))}>
                  {c.title}
                  <span aria-hidden="true">
                    {{ ascending: ' ▲', descending: ' ▼', none: '' }[sortState(props.sort, c.sort)]}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.jobs.map((job) => (
            <tr key={job.id}>
              <Cells job={job} extractors={props.extractors} />
              <td data-label="">
                <button
                  type="button"
                  class="danger"
                  disabled={!props.canDelete || job.status === 'processing'}
                  aria-label={`Delete ${rowName(job)}`}
                  onClick={() => props.onDelete(job.id, rowName(job))}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
