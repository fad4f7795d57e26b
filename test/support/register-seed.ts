import type { JobRecord } from '@intake/core';
import { makeJob } from '@intake/core/testing';
import type { ApiHarness } from './api-harness.js';

/** A completed test-mode job with the given result, stored as a worker would leave it. */
export function completedJob(
  orgId: string,
  extractorId: string,
  data: Record<string, unknown>,
  overrides: Partial<JobRecord> = {},
): JobRecord {
  return makeJob(orgId, extractorId, {
    status: 'completed',
    extracted_data: data,
    confidence: Object.fromEntries(Object.keys(data).map((k, i) => [k, 0.9 - i / 100])),
    overall_confidence: 0.9,
    completed_at: overrides.created_at ?? '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** Stores jobs directly (the register reads what completion wrote; submitting each would only be slower). */
export async function seedJobs(api: ApiHarness, jobs: JobRecord[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 50)
    await Promise.all(jobs.slice(i, i + 50).map((j) => api.intake.stores.jobs.insert(j)));
}

/** The rows of a CSV text (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}
