import type { FieldScore } from '@intake/core/extraction';

/**
 * Where the extractor fails on synthetic documents: per field, how many were wrong, and which
 * languages, layout traits and print styles the wrong ones share. A diagnosis, never an accuracy
 * figure: the documents are drawn from the generator's own vocabulary and layouts.
 */
export interface SyntheticOutcome {
  documentType: string;
  /** language, each `key=value` trait of the layout, the number, date and currency styles. */
  traits: Record<string, string>;
  scores: readonly FieldScore[];
  /** Per field: whether its value is in the read text at all. */
  present?: Record<string, boolean>;
  error?: string;
}

interface Row {
  field: string;
  wrong: number;
  total: number;
  /** Of the wrong ones, how many had the value in the read text (so: found but not chosen). */
  inText: number;
  traits: Map<string, { wrong: number; total: number }>;
}

export function failureRows(outcomes: readonly SyntheticOutcome[]): Row[] {
  const rows = new Map<string, Row>();
  for (const outcome of outcomes) {
    for (const score of outcome.scores) {
      const field = `${outcome.documentType}.${score.field}`;
      const row: Row = rows.get(field) ?? { field, wrong: 0, total: 0, inText: 0, traits: new Map() };
      rows.set(field, row);
      row.total++;
      if (!score.correct) row.wrong++;
      if (!score.correct && outcome.present?.[score.field]) row.inText++;
      for (const [key, value] of Object.entries(outcome.traits)) {
        const trait = `${key}=${value}`;
        const t = row.traits.get(trait) ?? { wrong: 0, total: 0 };
        t.total++;
        if (!score.correct) t.wrong++;
        row.traits.set(trait, t);
      }
    }
  }
  return [...rows.values()].sort((a, b) => b.wrong / b.total - a.wrong / a.total || a.field.localeCompare(b.field));
}

/**
 * The table as text: a line per field (wrong of all, found in the text but not chosen), then the
 * traits whose documents fail the field most often, where at least three such documents exist and
 * their failure rate is at least one and a half times the field's.
 */
export function formatFailureTable(outcomes: readonly SyntheticOutcome[], heading: string): string {
  const out = [heading, `  ${outcomes.length} documents, ${outcomes.filter((o) => o.error).length} unreadable`, ''];
  out.push('  field                              wrong      in text   traits that fail it most (wrong/of)');
  for (const row of failureRows(outcomes)) {
    const rate = row.wrong / row.total;
    const worst = [...row.traits.entries()]
      .filter(([, t]) => t.total >= 3 && t.wrong / t.total >= Math.max(rate * 1.5, 0.2) && t.wrong >= 2)
      .sort(([, a], [, b]) => b.wrong / b.total - a.wrong / a.total || b.total - a.total)
      .slice(0, 4)
      .map(([trait, t]) => `${trait} ${t.wrong}/${t.total}`);
    out.push(
      `  ${row.field.padEnd(34)} ${`${row.wrong}/${row.total}`.padStart(7)} ${String(row.inText).padStart(8)}   ${worst.join(', ')}`,
    );
  }
  return out.join('\n');
}

/** The traits of a synthetic document from its expected.json's `synthetic` part. */
export function traitsOf(synthetic: {
  language: string;
  layout: string;
  numbers: string;
  dates: string;
  currency: string;
}): Record<string, string> {
  const traits: Record<string, string> = { language: synthetic.language };
  for (const pair of synthetic.layout.split(' ')) {
    const [key, value] = pair.split('=');
    if (key && value && key !== 'font') traits[key] = value;
    if (key === 'font' && value) traits.font = /^(Helvetica|Times|Courier)/.test(value) ? value : 'truetype';
  }
  return {
    ...traits,
    numbers: synthetic.numbers,
    dates: synthetic.dates,
    currency: synthetic.currency.split(' ')[1] ?? '',
  };
}
