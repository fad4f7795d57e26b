/**
 * An array field (line items) as an editable grid on the review screen: one row per element, one
 * column per member. Up/Down move between rows in a column, Enter to the next cell (like the other
 * fields), Tab through cells and the row buttons. Errors (the job's own and the API's, by path
 * `<field>.<row>.<member>`) are shown on their cell.
 */
import { textOf } from '../paths.js';
import type { FieldDefinition } from '../types.js';

export interface GridColumn {
  name: string;
  type: string;
}
/** The cells of one row as typed. */
export type GridRow = Record<string, string>;

/** The columns: the job's extractor's member definitions, else the members the rows have. */
export function gridColumns(value: unknown, definition: FieldDefinition | undefined): GridColumn[] {
  if (definition?.fields?.length) return definition.fields.map((f) => ({ name: f.name, type: f.type }));
  const columns = new Map<string, string>();
  for (const row of Array.isArray(value) ? value : [])
    if (row && typeof row === 'object')
      for (const [name, v] of Object.entries(row as Record<string, unknown>))
        if (!columns.has(name) || v !== null)
          columns.set(name, typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'text');
  return [...columns].map(([name, type]) => ({ name, type }));
}

/** Is this field shown as a grid: an array of objects (or an empty array, or an array field without a value)? */
export const isGrid = (value: unknown, definition: FieldDefinition | undefined): boolean =>
  definition?.type === 'array'
    ? Boolean(definition.fields?.length)
    : Array.isArray(value) && value.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row));

export const gridRows = (value: unknown, columns: GridColumn[]): GridRow[] =>
  (Array.isArray(value) ? value : []).map((row: Record<string, unknown>) =>
    Object.fromEntries(columns.map((c) => [c.name, textOf(row?.[c.name])])),
  );

/** A cell's text as its member's type: empty cells are left out (the API names a required one). */
function cellValue(text: string, type: string): unknown {
  const t = text.trim();
  if (type === 'number' || type === 'currency') {
    const n = Number(t.replace(',', '.'));
    return Number.isNaN(n) ? t : n;
  }
  if (type === 'boolean') return t.toLowerCase() === 'true';
  return t;
}

/** The rows as the array the API takes. */
export const gridValue = (rows: GridRow[], columns: GridColumn[]): Record<string, unknown>[] =>
  rows.map((row) =>
    Object.fromEntries(
      columns.filter((c) => (row[c.name] ?? '').trim() !== '').map((c) => [c.name, cellValue(row[c.name]!, c.type)]),
    ),
  );

/** Moves the focus to the same column's cell of another row. */
function moveRow(e: KeyboardEvent, field: string, row: number, column: string): void {
  const target = document.getElementById(`review-${field}-${row}-${column}`);
  if (!target) return;
  e.preventDefault();
  target.focus();
}

export function ReviewGrid(props: {
  field: string;
  columns: GridColumn[];
  rows: GridRow[];
  /** Messages by `<row>.<member>` (or `<row>` for the whole element). */
  errors: Map<string, string[]>;
  onRows: (rows: GridRow[]) => void;
  onFocus: () => void;
}) {
  const { field, columns, rows } = props;
  const setCell = (i: number, name: string, text: string) =>
    props.onRows(rows.map((r, j) => (j === i ? { ...r, [name]: text } : r)));
  const addRow = () => {
    props.onRows([...rows, Object.fromEntries(columns.map((c) => [c.name, '']))]);
    // The new row's first cell takes the focus once it is drawn.
    setTimeout(() => document.getElementById(`review-${field}-${rows.length}-${columns[0]?.name}`)?.focus());
  };
  const removeRow = (i: number) => {
    props.onRows(rows.filter((_, j) => j !== i));
    setTimeout(() => document.getElementById(`review-${field}-add`)?.focus());
  };
  return (
    <div class="review-grid" onFocusCapture={props.onFocus}>
      <table aria-label={`${field}: ${rows.length} rows`}>
        <thead>
          <tr>
            <th scope="col">#</th>
            {columns.map((c) => (
              <th key={c.name} scope="col">
                {c.name}
              </th>
            ))}
            <th scope="col">
              <span class="visually-hidden">Row actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">{i + 1}</th>
              {columns.map((c) => {
                const id = `review-${field}-${i}-${c.name}`;
                const errs = [...(props.errors.get(`${i}.${c.name}`) ?? []), ...(props.errors.get(String(i)) ?? [])];
                return (
                  <td key={c.name} class={errs.length ? 'invalid' : undefined} data-label={c.name}>
                    <input
                      id={id}
                      class="review-input"
                      aria-label={`${field} row ${i + 1} ${c.name}`}
                      value={row[c.name] ?? ''}
                      aria-invalid={errs.length ? 'true' : undefined}
                      aria-describedby={errs.length ? `${id}-errors` : undefined}
                      onInput={(e) => setCell(i, c.name, (e.target as HTMLInputElement).value)}
                      onKeyDown={(e) => {
                        if (e.key === 'ArrowDown') moveRow(e, field, i + 1, c.name);
                        else if (e.key === 'ArrowUp') moveRow(e, field, i - 1, c.name);
                      }}
                    />
                    {errs.length > 0 && (
                      <ul id={`${id}-errors`} class="field-error">
                        {errs.map((m) => (
                          <li key={m}>{m}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
              <td>
                <button type="button" class="danger" onClick={() => removeRow(i)}>
                  Remove<span class="visually-hidden"> row {i + 1}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" class="secondary" id={`review-${field}-add`} onClick={addRow}>
        Add a row to {field}
      </button>
    </div>
  );
}
