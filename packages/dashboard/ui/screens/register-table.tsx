import { Link, StatusBadge } from '../components.js';
import { bandOf, percent } from '../format.js';
import type { Column } from '../resource-table.js';
import type { ExtractorSummary, Job, RegisterFields } from '../types.js';

type Row = Job & { register?: RegisterFields };

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

/**
 * The register's columns, each sorted by the API's key of the same meaning: the total aligned as a
 * number, number and date unbroken, the source's address breakable at its "@"; the row's Delete last.
 */
export function registerColumns(options: {
  extractors: ExtractorSummary[];
  canDelete: boolean;
  onDelete: (id: string, name: string) => void;
}): Column<Row>[] {
  const extractorOf = (job: Row) =>
    job.register?.extractor.name ?? options.extractors.find((x) => x.id === job.extractor_id)?.name ?? job.extractor_id;
  const reviewOf = (job: Row) =>
    job.register ? REVIEW_STATES[job.register.review_state] : job.needs_review ? 'needs review' : '';
  return [
    {
      title: 'File',
      sort: 'file_name',
      rowHeader: true,
      cell: (job) => <Link href={`/documents/${job.id}`}>{rowName(job)}</Link>,
    },
    { title: 'Source', sort: 'source', class: 'source', cell: (job) => <Source source={job.register?.source} /> },
    { title: 'Extractor', sort: 'extractor', cell: extractorOf },
    { title: 'Type', sort: 'document_type', cell: (job) => job.register?.document_type ?? '' },
    { title: 'Vendor', sort: 'vendor', cell: (job) => job.register?.vendor ?? '' },
    { title: 'Number', sort: 'document_number', class: 'nowrap', cell: (job) => job.register?.document_number ?? '' },
    { title: 'Date', sort: 'document_date', class: 'nowrap', cell: (job) => job.register?.document_date ?? '' },
    {
      title: 'Total',
      sort: 'total',
      class: 'number',
      cell: (job) => money(job.register?.total ?? null, job.register?.currency ?? null),
    },
    {
      title: 'Lowest confidence',
      sort: 'lowest_confidence',
      cell: (job) => {
        const lowest = job.register?.lowest_confidence ?? null;
        return lowest === null ? '' : <span class={`band band-${bandOf(lowest)}`}>{percent(lowest)}</span>;
      },
    },
    { title: 'Status', sort: 'status', cell: (job) => <StatusBadge status={job.status} /> },
    {
      title: 'Review',
      sort: 'review_state',
      cell: (job) => {
        const review = reviewOf(job);
        return review && <span class={review === 'needs review' ? 'badge warn' : 'badge'}>{review}</span>;
      },
    },
    {
      title: 'Actions',
      hiddenTitle: true,
      cell: (job) => (
        <button
          type="button"
          class="danger"
          disabled={!options.canDelete || job.status === 'processing'}
          aria-label={`Delete ${rowName(job)}`}
          onClick={() => options.onDelete(job.id, rowName(job))}
        >
          Delete
        </button>
      ),
    },
  ];
}
