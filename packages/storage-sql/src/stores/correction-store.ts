import type { Knex } from 'knex';
import { type CorrectionRecord } from '@intake/core/corrections';
import { type CorrectedJobFields, type CorrectionStore } from '@intake/core/ports';
import type { Environment, JobRecord } from '@intake/core';
import { fromJobRow } from './job-rows.js';
import { toIso, toJson, type Row } from './normalize.js';

const fromRow = (r: Record<string, unknown>): CorrectionRecord => ({
  id: String(r.id),
  org_id: String(r.org_id),
  job_id: String(r.job_id),
  environment: r.environment === 'test' ? 'test' : 'live',
  field: typeof r.field === 'string' ? r.field : null,
  kind: r.kind === 'confirmed' || r.kind === 'rejected' ? r.kind : 'corrected',
  // jsonb comes back parsed from both drivers; a string value must not be parsed again.
  old_value: r.old_value ?? null,
  new_value: r.new_value ?? null,
  corrected_by: String(r.corrected_by),
  created_at: toIso(r.created_at),
});

export class SqlCorrectionStore implements CorrectionStore {
  constructor(private readonly knex: Knex) {}

  async lockJob(orgId: string, mode: Environment, jobId: string): Promise<JobRecord | null> {
    const row = await this.knex('jobs')
      .where({ id: jobId, org_id: orgId, environment: mode })
      .forUpdate()
      .first<Row | undefined>();
    return row ? fromJobRow(row) : null;
  }

  async apply(jobId: string, fields: CorrectedJobFields, records: CorrectionRecord[]): Promise<void> {
    await this.knex('jobs')
      .where({ id: jobId })
      .update({
        extracted_data: toJson(fields.extracted_data),
        confidence: toJson(fields.confidence),
        field_locations: toJson(fields.field_locations),
        overall_confidence: fields.overall_confidence,
        validation_errors: toJson(fields.validation_errors),
        needs_review: fields.needs_review,
        ...(fields.review_outcome ? { reviewed_at: fields.reviewed_at, review_outcome: fields.review_outcome } : {}),
      });
    if (records.length === 0) return;
    // JSON null for an absent value, so "cleared" and "was empty" read back alike.
    await this.knex('job_corrections').insert(
      records.map((r) => ({ ...r, old_value: toJson(r.old_value ?? null), new_value: toJson(r.new_value ?? null) })),
    );
  }

  async list(orgId: string, mode: Environment, jobId: string): Promise<CorrectionRecord[]> {
    const rows = await this.knex('job_corrections')
      .where({ org_id: orgId, environment: mode, job_id: jobId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(fromRow);
  }
}
