import type { Environment } from '../../keys/scopes.js';
import type { ClassificationExample, TriageItemRecord, TriageResolution } from '../../email/triage/triage-item.js';
import type { ClassificationExampleStore, TriageItemStore, TriageListFilter } from '../../ports/triage-store.port.js';
import { clone, paginate, type MemoryDb } from './memory-db.js';

const oldestFirst = (a: TriageItemRecord, b: TriageItemRecord): number =>
  Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The review queue in memory, with the SQL store's "only while pending" rule for resolving. */
export class MemoryTriageItemStore implements TriageItemStore {
  constructor(private readonly db: MemoryDb) {}
  private get rows() {
    return this.db.tables.triageItems;
  }

  async insert(item: TriageItemRecord) {
    if (this.rows.has(item.id)) throw new Error(`review item ${item.id} already exists`);
    this.rows.set(item.id, clone(item));
  }

  async list(orgId: string, mode: Environment, filter: TriageListFilter, page: { limit: number; offset: number }) {
    const rows = [...this.rows.values()]
      .filter(
        (r) =>
          r.org_id === orgId &&
          r.environment === mode &&
          (filter.status === undefined || r.status === filter.status) &&
          (filter.prefix === undefined || r.prefix === filter.prefix),
      )
      .sort(oldestFirst);
    return paginate(rows.map(clone), page);
  }

  async get(orgId: string, mode: Environment | null, id: string) {
    const r = this.rows.get(id);
    return r && r.org_id === orgId && (mode === null || r.environment === mode) ? clone(r) : null;
  }

  async resolve(orgId: string, mode: Environment, id: string, resolution: TriageResolution) {
    // Check and write with no await between them: of concurrent resolvers exactly one wins.
    const r = this.rows.get(id);
    if (!r || r.org_id !== orgId || r.environment !== mode || r.status !== 'pending') return null;
    Object.assign(r, {
      status: resolution.status,
      resolved_type: resolution.resolved_type,
      job_id: resolution.job_id,
      resolved_by: resolution.resolved_by,
      resolved_at: resolution.resolved_at,
    });
    return clone(r);
  }
}

/** Reviewers' decisions in memory; insertion order breaks ties of created_at, like the SQL serial id. */
export class MemoryClassificationExampleStore implements ClassificationExampleStore {
  constructor(private readonly db: MemoryDb) {}
  private get rows() {
    return this.db.tables.classificationExamples;
  }

  async add(example: ClassificationExample) {
    this.rows.push(clone(example));
  }

  async list(orgId: string, mode: Environment, limit: number) {
    return this.rows
      .map((example, seq) => ({ example, seq }))
      .filter(({ example }) => example.org_id === orgId && example.environment === mode)
      .sort((a, b) => Date.parse(b.example.created_at) - Date.parse(a.example.created_at) || b.seq - a.seq)
      .slice(0, Math.max(0, limit))
      .map(({ example }) => clone(example));
  }
}
