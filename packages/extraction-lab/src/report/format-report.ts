import type { EvaluationSummary, Tally } from './report.js';

/** The evaluation summary as the plain-text tables `intake eval` prints. */
export function formatEvaluation(summary: EvaluationSummary, heading?: string): string {
  const out: string[] = [];
  if (heading) out.push(heading);
  out.push(
    `Documents: ${summary.documents}${summary.failed ? ` (${summary.failed} unreadable, their fields counted wrong)` : ''}`,
  );
  out.push('', 'Per field (printed text, embedded XML ignored)');
  for (const [field, t] of Object.entries(summary.fields).sort(([a], [b]) => a.localeCompare(b))) {
    const rows = summary.rowShares[field];
    const share = rows?.count ? `   rows right: ${((100 * rows.sum) / rows.count).toFixed(1)}% on average` : '';
    out.push(`  ${field.padEnd(32)} ${percent(t)}${share}`);
  }
  out.push('', 'Per document type            all fields               required fields');
  for (const [type, t] of Object.entries(summary.types))
    out.push(`  ${type.padEnd(26)} ${percent(t.all).padEnd(24)} ${percent(t.required)}`);
  out.push('', 'Required fields');
  out.push(`  ${'overall'.padEnd(26)} ${percent(summary.required)}`);
  for (const [kind, t] of Object.entries(summary.kinds)) out.push(`  ${kindName(kind).padEnd(26)} ${percent(t)}`);
  out.push('', 'Required fields per type and kind');
  for (const [key, t] of Object.entries(summary.typeKinds).sort(([a], [b]) => a.localeCompare(b))) {
    const [type, kind] = key.split(' / ');
    out.push(`  ${`${type} / ${kindName(kind ?? '')}`.padEnd(36)} ${percent(t)}`);
  }
  out.push('', 'Expected values present in the read text (lost before extraction when not)');
  for (const [kind, t] of Object.entries(summary.present)) out.push(`  ${kindName(kind).padEnd(26)} ${percent(t)}`);
  out.push(...presenceTable(summary));
  out.push('', 'Vendor, supplier or merchant name (with or without its legal form)');
  for (const [kind, t] of Object.entries(summary.vendorName)) out.push(`  ${kindName(kind).padEnd(26)} ${percent(t)}`);
  out.push('', 'Touchless documents (every required field right)');
  out.push(`  ${'overall'.padEnd(26)} ${percent(summary.touchless)}`);
  for (const [kind, t] of Object.entries(summary.touchlessKinds))
    out.push(`  ${kindName(kind).padEnd(26)} ${percent(t)}`);
  out.push('', `Classification               ${percent(summary.classification)}`);
  out.push(`Seconds per page             ${summary.secondsPerPage.toFixed(2)}`);
  const e = summary.einvoices;
  if (e.documents) {
    out.push('', `E-invoices (${e.documents} with CII/UBL XML)   all fields               required fields`);
    out.push(
      `  ${'without the XML'.padEnd(26)} ${percent(e.withoutXml.all).padEnd(24)} ${percent(e.withoutXml.required)}`,
    );
    out.push(`  ${'with the XML'.padEnd(26)} ${percent(e.withXml.all).padEnd(24)} ${percent(e.withXml.required)}`);
  }
  out.push('', 'Calibration (confidence -> share right; missing values count at 0)');
  out.push(`  mean gap ${(100 * calibrationGap(summary)).toFixed(1)} points (weighted by values per bin)`);
  const top = summary.calibration[9];
  if (top?.total)
    out.push(`  wrong at confidence 0.9 or more: ${percent({ right: top.total - top.right, total: top.total })}`);
  for (const [kind, t] of Object.entries(summary.sureKinds ?? {}))
    out.push(`    ${kindName(kind).padEnd(24)} ${percent({ right: t.total - t.right, total: t.total })}`);
  for (const b of summary.calibration) {
    if (b.total)
      out.push(
        `  ${b.bucket.toFixed(1)}-${(b.bucket + 0.1).toFixed(1)}   mean confidence ${(b.confidenceSum / b.total).toFixed(2)}   right ${percent({ right: b.right, total: b.total })}`,
      );
  }
  return out.join('\n');
}

/** One directory's share of an evaluation run: its documents, scored by the same folds' rankers. */
export interface DirectorySummary {
  dir: string;
  summary: EvaluationSummary;
}

/**
 * Per directory, when `intake eval` was given several: the same held-out run broken down, so that
 * each set's figures come from rankers trained on every other fold of all the data given (a set
 * evaluated alone trains each fold's ranker on that set's other documents only).
 */
export function formatDirectories(directories: readonly DirectorySummary[]): string {
  const out = ['Per directory (the same held-out run, broken down by where each document came from)'];
  for (const { dir, summary } of directories) {
    const kinds = Object.entries(summary.kinds).map(([kind, t]) => `${kindName(kind)} ${percent(t)}`);
    const vendors = Object.entries(summary.vendorName).map(([kind, t]) => `${kindName(kind)} ${percent(t)}`);
    out.push(`  ${dir} (${summary.documents} documents)`);
    out.push(
      `    required fields            ${percent(summary.required)}${kinds.length ? `: ${kinds.join(', ')}` : ''}`,
    );
    if (vendors.length) out.push(`    vendor or merchant name    ${vendors.join(', ')}`);
    out.push(`    classification             ${percent(summary.classification)}`);
    out.push(`    calibration gap            ${(100 * calibrationGap(summary)).toFixed(1)} points`);
    out.push(`    seconds per page           ${summary.secondsPerPage.toFixed(2)}`);
  }
  return out.join('\n');
}

/**
 * Where each field's values are lost: "in text" is what reading left (the value's text is in the read
 * words at all), "right" what extraction made of it, "right of those in text" the ranking's share.
 */
function presenceTable(summary: EvaluationSummary): string[] {
  const rows = Object.entries(summary.presence).sort(([a], [b]) => a.localeCompare(b));
  if (rows.length === 0) return [];
  const out = ['', 'Where values are lost, per kind and field (scalar fields)'];
  out.push(
    `  ${'kind / field'.padEnd(44)} ${'in the read text'.padEnd(20)} ${'right'.padEnd(20)} right of those in text`,
  );
  for (const [key, p] of rows) {
    const [kind, field] = key.split(' / ');
    const name = `${kindName(kind ?? '')} / ${field ?? ''}`;
    const inText = percent({ right: p.present, total: p.total });
    out.push(
      `  ${name.padEnd(44)} ${inText.padEnd(20)} ${percent({ right: p.right, total: p.total }).padEnd(20)} ${percent({ right: p.rightWhenPresent, total: p.present })}`,
    );
  }
  return out;
}

function kindName(kind: string): string {
  if (kind === 'pdf_text') return 'text-layer PDFs';
  if (kind === 'image') return 'photos and images';
  return kind === 'scan' ? 'scanned PDFs' : kind;
}

function percent(t: Tally): string {
  return t.total ? `${((100 * t.right) / t.total).toFixed(1)}% (${t.right}/${t.total})` : 'n/a';
}

/** Mean absolute gap between a bin's mean confidence and its share right, weighted by the bin's values. */
export function calibrationGap(summary: EvaluationSummary): number {
  const total = summary.calibration.reduce((n, b) => n + b.total, 0);
  if (!total) return 0;
  return summary.calibration.reduce((sum, b) => sum + (b.total ? Math.abs(b.confidenceSum - b.right) : 0), 0) / total;
}
