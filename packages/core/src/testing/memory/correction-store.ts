import type { CorrectionRecord } from '../../corrections/correction.js';
import type { CorrectedJobFields, CorrectionStore } from '../../ports/correction-store.port.js';
import type { JobRecord } from '../../jobs/job.js';
import type { Environment } from '../../keys/scopes.js';
import { clone, type MemoryDb } from './memory-db.js';

/** Corrections in memory; MemoryDb's transactions run one at a time, so lockJob needs no lock. */
export class MemoryCorrectionStore implements CorrectionStore {
  constructor(private readonly db: MemoryDb) {}

  async lockJob(orgId: string, mode: Environment, jobId: string): Promise<JobRecord | null> {
    const job = this.db.tables.jobs.get(jobId);
    return job && job.org_id === orgId && job.environment === mode ? clone(job) : null;
  }

  async apply(jobId: string, fields: CorrectedJobFields, records: CorrectionRecord[]): Promise<void> {
    const job = this.db.tables.jobs.get(jobId);
    if (job) this.db.tables.jobs.set(jobId, { ...job, ...clone(fields) });
    this.db.tables.corrections.push(...clone(records));
  }

  async list(orgId: string, mode: Environment, jobId: string): Promise<CorrectionRecord[]> {
    return this.db.tables.corrections
      .filter((c) => c.org_id === orgId && c.environment === mode && c.job_id === jobId)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
      .map(clone);
  }
}
