import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import { call } from '../client.js';
import { ErrorBox, formatTime, Link, navigate, useLoad } from '../components.js';
import { textOf } from '../paths.js';
import type { FieldDefinition, Job } from '../types.js';
import { bandOf, percent } from '../format.js';
import { reviewFields } from './review-fields.js';
import { ReviewReasons } from './review-reasons.js';
import { fromWords, kindOf, parse } from './review-values.js';
import { gridRows, gridValue, ReviewGrid, type GridRow } from './review-grid.js';
import { reviewQueuePage } from './review-queue.js';
import { PageView, type PickedWord } from './review-page.js';
import { RejectBox } from './review-reject.js';

/** The next document of the review queue (the API's needs_review filter), other than this one. */
async function nextToReview(after: string): Promise<string | undefined> {
  const queue = await reviewQueuePage(2);
  return queue.jobs.find((j) => j.id !== after)?.id;
}

/** After a review: the next document of the queue, or the queue (saying it is empty). */
const openNext = (after: string): Promise<void> =>
  nextToReview(after).then((next) => navigate(next ? `/documents/${next}/review` : '/review'));

export function Review(props: { id: string }) {
  const { data, error } = useLoad(async () => {
    const job = await call('get', '/v1/documents/{job_id}', { path: { job_id: props.id } });
    // The members of line items and their types; without the extractor (deleted, or no
    // extractors:read) the rows themselves say which members there are.
    const extractor = await call('get', '/v1/extractors/{extractor_id}', {
      path: { extractor_id: job.extractor_id },
    }).catch(() => undefined);
    return { job, definitions: extractor?.field_definitions ?? [] };
  }, [props.id]);
  const job = data?.job;
  if (error || !job)
    return (
      <>
        <h1>Review {props.id}</h1>
        <ErrorBox error={error} />
        {!error && <p>Loading…</p>}
      </>
    );
  return <ReviewForm key={job.id} job={job} definitions={data.definitions} />;
}

function ReviewForm(props: { job: Job; definitions: FieldDefinition[] }) {
  const { job } = props;
  const fields = reviewFields(job, props.definitions);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, textOf(f.value)])),
  );
  const [grids, setGrids] = useState<Record<string, GridRow[]>>(() =>
    Object.fromEntries(fields.filter((f) => f.columns).map((f) => [f.name, gridRows(f.value, f.columns!)])),
  );
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const [hovered, setHovered] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  /** Words clicked on the page, by field: sent as the new value's location. */
  const [picked, setPicked] = useState<Record<string, PickedWord>>({});
  const [offered, setOffered] = useState<string | null>(null);
  /** The input that last had the focus (a click on the page takes it away). */
  const lastInput = useRef<HTMLInputElement | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const active = fields.find((f) => f.name === (hovered ?? focused));
  const activeLocation =
    active && picked[active.name] ? { source: 'correction' as const, ...picked[active.name]! } : active?.location;

  useEffect(() => {
    // Keyboard first: the first field that needs attention (else the first field) has the focus,
    // unless the user already put it in the form (an effect runs after paint: a fast click wins).
    if (form.current?.contains(document.activeElement)) return;
    const first = form.current?.querySelector<HTMLInputElement>('input[data-attention="true"], input');
    first?.focus();
  }, []);
  useEffect(() => {
    if (active?.location?.page && active.location.page !== page) setPage(active.location.page);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the field, not the page
  }, [active?.name]);

  if (job.status !== 'completed')
    return (
      <>
        <h1>Review {job.id}</h1>
        <p>Only a completed job can be reviewed; this one is {job.status}.</p>
        <Link href={`/documents/${job.id}`}>Back to the document</Link>
      </>
    );

  const fieldErrors = new Map<string, string[]>();
  // Errors inside a grid, by field and then `<row>.<member>`: the job's own and the API's.
  const cellErrors = new Map<string, Map<string, string[]>>();
  const addError = (name: string, rest: string | undefined, message: string) => {
    if (rest === undefined || !fields.find((f) => f.name === name)?.columns) {
      fieldErrors.set(name, [...(fieldErrors.get(name) ?? []), message]);
      return;
    }
    const cells = cellErrors.get(name) ?? new Map<string, string[]>();
    cells.set(rest, [...(cells.get(rest) ?? []), message]);
    cellErrors.set(name, cells);
  };
  for (const v of job.validation_errors) {
    const [, name, rest] = /^([^.]+)(?:\.(.+))?$/.exec(v.field) ?? [];
    if (name && rest !== undefined) addError(name, rest, `${v.message} (${v.rule})`);
  }
  if (error instanceof ApiError)
    for (const d of error.details) {
      const [, name, rest] = /^fields\.([^.]+)(?:\.(.+))?$/.exec(d.path) ?? [];
      if (name) addError(name, rest, d.message);
    }

  const save = () => {
    if (busy) return;
    const changed: Record<string, unknown> = {};
    for (const f of fields) {
      if (f.editable && texts[f.name] !== textOf(f.value))
        changed[f.name] = parse(texts[f.name] ?? '', f.value, f.type);
      const rows = grids[f.name];
      if (f.columns && rows && JSON.stringify(rows) !== JSON.stringify(gridRows(f.value, f.columns)))
        changed[f.name] = gridValue(rows, f.columns);
    }
    setBusy(true);
    setError(null);
    // Where a changed value was picked on the page goes with it.
    const locations = Object.fromEntries(
      Object.entries(picked)
        .filter(([name]) => name in changed && !fields.find((f) => f.name === name)?.columns)
        .map(([name, w]) => [name, { page: w.page, box: w.box }]),
    );
    const body = Object.keys(changed).length
      ? { fields: changed, ...(Object.keys(locations).length ? { locations } : {}), confirm: true }
      : { confirm: true };
    api('PATCH', `/v1/documents/${encodeURIComponent(job.id)}/fields`, body)
      .then(() => openNext(job.id))
      .catch((err: unknown) => {
        setBusy(false);
        setError(err);
      });
  };

  /** A word clicked on the page goes into the input that had the focus (Shift: added to its text). */
  const offerWord = (word: PickedWord, append: boolean) => {
    const input = lastInput.current;
    if (!input?.isConnected) return;
    const cell = /^review-(.+)-(\d+)-([^-]+)$/.exec(input.id);
    const name = cell ? cell[1]! : input.id.replace(/^review-/, '');
    // The words as clicked (Shift: after the earlier ones), then read as the field's type.
    const before = picked[name];
    const raw = append
      ? before
        ? `${before.text} ${word.text}`
        : input.value
          ? `${input.value} ${word.text}`
          : word.text
      : word.text;
    const field = fields.find((f) => f.name === name);
    const column = cell ? field?.columns?.find((c) => c.name === cell[3]) : undefined;
    const kind = cell ? kindOf(undefined, column?.type ?? 'text') : kindOf(field?.value, field?.type);
    const text = fromWords(raw, kind, job.extracted_data?.currency === 'USD');
    if (cell && grids[name])
      setGrids((g) => ({
        ...g,
        [name]: g[name]!.map((row, i) => (i === Number(cell[2]) ? { ...row, [cell[3]!]: text } : row)),
      }));
    else {
      setTexts((t) => ({ ...t, [name]: text }));
      const box =
        append && before && before.page === word.page
          ? {
              x0: Math.min(before.box.x0, word.box.x0),
              y0: Math.min(before.box.y0, word.box.y0),
              x1: Math.max(before.box.x1, word.box.x1),
              y1: Math.max(before.box.y1, word.box.y1),
            }
          : word.box;
      setPicked((p) => ({ ...p, [name]: { ...word, text: raw, box } }));
    }
    const where = cell ? `${labelOf(name)} row ${Number(cell[2]) + 1} ${cell[3]}` : labelOf(name);
    setOffered(`“${raw}” put into ${where}${text !== raw ? ` as ${text}` : ''}.`);
    input.focus();
  };

  const labelOf = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const editable = () => [...(form.current?.querySelectorAll<HTMLInputElement>('input.review-input') ?? [])];

  return (
    <>
      <p>
        <Link href={`/documents/${job.id}`}>← Document {job.id}</Link>
      </p>
      <h1>Review {job.id}</h1>
      <p class="hint">
        Fields that need attention come first. Enter: next field · Ctrl+Enter: save and next · Ctrl+Shift+Enter: reject
        the document · a field's box is drawn on the page while it is focused or hovered · click a word on the page to
        put it into the focused field (Shift+click adds it).
      </p>
      <ReviewReasons job={job} fields={fields} />
      {/* One line, always there: a word put into a field must not move the page picture under the pointer. */}
      <p role="status" class="hint review-status">
        {offered}
      </p>
      {job.reviewed_at && (
        <p role="status">
          Reviewed {formatTime(job.reviewed_at)}: {job.review_outcome}.
        </p>
      )}
      {rejecting && (
        <RejectBox
          jobId={job.id}
          onDone={() => openNext(job.id)}
          onCancel={() => {
            setRejecting(false);
            form.current?.querySelector<HTMLElement>('.review-input, pre')?.focus();
          }}
        />
      )}
      <div class="review">
        <PageView job={job} page={page} box={activeLocation} onPage={setPage} onWord={offerWord} focused={focused} />
        <form
          ref={form}
          class="review-fields"
          aria-label="Fields"
          onFocusIn={(e) => {
            if (e.target instanceof HTMLInputElement && e.target.classList.contains('review-input'))
              lastInput.current = e.target;
          }}
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && e.shiftKey) {
              e.preventDefault();
              setRejecting(true);
            } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              save();
            } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
              e.preventDefault();
              const inputs = editable();
              const next = inputs[inputs.indexOf(e.target) + 1];
              (next ?? form.current?.querySelector<HTMLButtonElement>('button[type="submit"]'))?.focus();
            }
          }}
        >
          {fields.map((f) => {
            // A grid shows its rows' errors on their cells; above it only those of the whole field.
            // A scalar filled in or changed is checked again on saving: the job's errors of its old value go.
            const changed =
              f.editable && (texts[f.name] ?? '') !== textOf(f.value) && (texts[f.name] ?? '').trim() !== '';
            const own = f.columns
              ? job.validation_errors.filter((v) => v.field === f.name).map((v) => `${v.message} (${v.rule})`)
              : changed
                ? []
                : f.problems;
            const errs = [...own, ...(fieldErrors.get(f.name) ?? [])];
            const id = `review-${f.name}`;
            const head = (
              <>
                {f.label}
                {f.attention && <span class="badge warn">needs attention</span>}
                <span class={`band band-${f.confidence === undefined ? 'none' : bandOf(f.confidence)}`}>
                  {f.confidence === undefined ? '—' : percent(f.confidence)}
                </span>
              </>
            );
            return (
              <div
                key={f.name}
                class={`review-field${f.attention ? ' attention' : ''}${errs.length ? ' invalid' : ''}`}
                onMouseEnter={() => setHovered(f.name)}
                onMouseLeave={() => setHovered(undefined)}
              >
                {f.columns ? (
                  <span class="label" id={`${id}-label`}>
                    {head}
                  </span>
                ) : (
                  <label for={id}>{head}</label>
                )}
                {f.editable ? (
                  <input
                    id={id}
                    class="review-input"
                    data-attention={String(f.attention)}
                    value={texts[f.name] ?? ''}
                    aria-invalid={errs.length ? 'true' : undefined}
                    aria-describedby={errs.length ? `${id}-errors` : undefined}
                    onFocus={() => setFocused(f.name)}
                    onInput={(e) => {
                      const text = (e.target as HTMLInputElement).value;
                      setTexts((t) => ({ ...t, [f.name]: text }));
                    }}
                  />
                ) : f.columns ? (
                  <ReviewGrid
                    field={f.name}
                    columns={f.columns}
                    rows={grids[f.name] ?? []}
                    errors={cellErrors.get(f.name) ?? new Map()}
                    onRows={(rows) => setGrids((g) => ({ ...g, [f.name]: rows }))}
                    onFocus={() => setFocused(f.name)}
                  />
                ) : (
                  <pre id={id} tabIndex={0} onFocus={() => setFocused(f.name)}>
                    {JSON.stringify(f.value, null, 2)}
                  </pre>
                )}
                {errs.length > 0 && (
                  <ul id={`${id}-errors`} class="field-error">
                    {errs.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
          <ErrorBox error={error} />
          <p>
            <button type="submit" disabled={busy}>
              Save and next (Ctrl+Enter)
            </button>{' '}
            <button type="button" class="danger" disabled={busy} onClick={() => setRejecting(true)}>
              Reject… (Ctrl+Shift+Enter)
            </button>
          </p>
        </form>
      </div>
    </>
  );
}
