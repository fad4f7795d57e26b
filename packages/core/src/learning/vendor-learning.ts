import type { BlobStore } from '../ports/blob-store.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { DocumentReader } from '../ports/document-reader.port.js';
import type { VendorHintStore } from '../ports/vendor-hint-store.port.js';
import type { JobRecord } from '../jobs/index.js';
import type { IdGenerator } from '../shared/ids.js';
import { roleOf, vendorKeys } from '../extraction/index.js';
import { learnHints } from './learn-hints.js';
import type { VendorHints } from './vendor-hints.js';

export interface VendorLearningDeps {
  hints: VendorHintStore;
  blobs: BlobStore;
  reader: DocumentReader;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Learns from a corrected live job: reads its document again, finds where each value a person
 * corrected is printed, and keeps the anchors under the vendor's keys (merged
 * into the vendor's record when one of its keys is known already). Test jobs are simulated: nothing
 * to learn from them.
 */
export class VendorLearning {
  constructor(private readonly deps: VendorLearningDeps) {}

  async learn(job: JobRecord): Promise<VendorHints | null> {
    if (job.environment !== 'live' || job.status !== 'completed') return null;
    // Values a person changed: the rules were wrong for this vendor. Confirmed values teach nothing
    // (hints from them, tried first, made the benchmark worse: see test/bench/review).
    const reviewed = Object.entries(job.field_locations ?? {})
      .filter(([, l]) => l.source === 'correction')
      .map(([name]) => name);
    if (reviewed.length === 0) return null;
    const bytes = await this.deps.blobs.get(job.blob_key);
    if (!bytes) return null;
    const doc = await this.deps.reader.read(bytes, job.mime_type);
    const data = job.extracted_data ?? {};
    const values = Object.fromEntries(reviewed.map((name) => [name, data[name]]));
    const learned = learnHints(doc, job.field_definitions, values, job.id);
    const vendorField = job.field_definitions.find((f) => roleOf(f) === 'vendor_name');
    const name = vendorField && typeof data[vendorField.name] === 'string' ? (data[vendorField.name] as string) : null;
    const keys = vendorKeys(doc, name);
    if (keys.length === 0 || Object.keys(learned).length === 0) return null;
    const at = this.deps.clock.now().toISOString();
    const known = await this.deps.hints.find(job.org_id, keys);
    const vendor: VendorHints = known
      ? {
          ...known,
          keys: [...new Set([...known.keys, ...keys])],
          name: name ?? known.name,
          fields: { ...known.fields, ...learned },
          updated_at: at,
        }
      : { id: this.deps.ids('vh'), org_id: job.org_id, keys, name, fields: learned, created_at: at, updated_at: at };
    await this.deps.hints.save(vendor);
    return vendor;
  }
}
