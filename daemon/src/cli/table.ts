/**
 * Rows as a plain text table: a header line, then one line per row, columns padded to the widest
 * cell. Empty values print as `-`. For people; scripts use `--json`.
 */
/** What a table cell holds: plain values and lists of them. */
type Cell = string | number | boolean | null | undefined | readonly string[];

export function formatTable(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cells = [columns.map(String), ...rows.map((row) => row.map(cell))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return (
    cells
      .map((r) =>
        r
          .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

function cell(value: Cell): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.join(',') : '-';
  return String(value);
}
