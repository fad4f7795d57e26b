import { useEffect, useState } from 'preact/hooks';
import type { ExtractorSummary } from '../types.js';
import type { RegisterQuery } from './register-query.js';

/** How long the search box waits after the last keystroke before it asks: one request per pause, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

const OPTIONS: Partial<Record<keyof RegisterQuery, [string, string][]>> = {
  status: [
    ['', 'any'],
    ['queued', 'queued'],
    ['processing', 'processing'],
    ['completed', 'completed'],
    ['failed', 'failed'],
  ],
  needs_review: [
    ['', 'any'],
    ['true', 'needs review'],
    ['false', 'no review needed'],
  ],
  source: [
    ['', 'any'],
    ['upload', 'upload'],
    ['email', 'email'],
  ],
};

/** The register's search box and filters; each change replaces the query (the screen puts it in the URL). */
export function RegisterFilters(props: {
  query: RegisterQuery;
  extractors: ExtractorSummary[];
  onChange: (query: RegisterQuery) => void;
}) {
  const { query } = props;
  const [search, setSearch] = useState(query.q);
  const [vendor, setVendor] = useState(query.vendor);
  useEffect(() => {
    if (search === query.q && vendor === query.vendor) return;
    const timer = setTimeout(() => props.onChange({ ...query, q: search, vendor }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- typing restarts the wait; the query is read when it ends
  }, [search, vendor]);
  const set = (name: keyof RegisterQuery) => (e: Event) =>
    props.onChange({ ...query, q: search, vendor, [name]: (e.target as HTMLInputElement).value });
  const select = (name: keyof RegisterQuery, label: string) => (
    <label>
      {label}{' '}
      <select value={query[name]} onChange={set(name)}>
        {OPTIONS[name]!.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form class="filters" role="search" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <label class="search">
        Search{' '}
        <input
          type="search"
          value={search}
          placeholder="vendor, number, file name, sender…"
          onInput={(e) => setSearch((e.target as HTMLInputElement).value)}
        />
      </label>
      {select('status', 'Status')}
      {select('needs_review', 'Review')}
      {select('source', 'Source')}
      <label>
        Vendor <input value={vendor} onInput={(e) => setVendor((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        Extractor{' '}
        <select value={query.extractor_id} onChange={set('extractor_id')}>
          <option value="">any</option>
          {props.extractors.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Created after <input type="date" value={query.created_after} onChange={set('created_after')} />
      </label>
      <label>
        Created before <input type="date" value={query.created_before} onChange={set('created_before')} />
      </label>
      <label>
        Confidence at least{' '}
        <input
          type="number"
          min={0}
          max={1}
          step={0.05}
          value={query.min_confidence}
          onChange={set('min_confidence')}
        />
      </label>
    </form>
  );
}
