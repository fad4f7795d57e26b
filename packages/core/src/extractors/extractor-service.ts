import { notFound } from '../shared/errors.js';
import type { IdGenerator } from '../shared/ids.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { parseInput } from '../shared/validation.js';
import type { Clock } from '../ports/clock.port.js';
import type { ExtractorFilter, ExtractorStore } from '../ports/extractor-store.port.js';
import type { Extractor } from './extractor.js';
import {
  CreateExtractorInputSchema,
  DuplicateExtractorInputSchema,
  UpdateExtractorInputSchema,
} from './extractor.schema.js';

export interface ExtractorServiceDeps {
  extractors: ExtractorStore;
  clock: Clock;
  ids: IdGenerator;
}

/** Who acts: a key id (`key_...`) or `admin` for the CLI; recorded as `created_by`. */
export type Actor = string;

export const actorToUserId = (actor: Actor): string => `user_${actor.replace(/^key_/, '')}`;

export class ExtractorService {
  constructor(private readonly deps: ExtractorServiceDeps) {}

  async create(orgId: string, rawInput: unknown, actor: Actor): Promise<Extractor> {
    const input = parseInput(CreateExtractorInputSchema, rawInput);
    const now = this.deps.clock.now().toISOString();
    const extractor: Extractor = {
      id: this.deps.ids('ext'),
      org_id: orgId,
      name: input.name,
      document_type: input.document_type,
      field_definitions: input.field_definitions,
      is_active: true,
      created_at: now,
      updated_at: now,
      created_by: actorToUserId(actor),
      usage_count: 0,
    };
    await this.deps.extractors.insert(extractor);
    return extractor;
  }

  async get(orgId: string, id: string): Promise<Extractor> {
    const found = await this.deps.extractors.get(orgId, id);
    if (!found) throw notFound('Extractor', id);
    return found;
  }

  list(orgId: string, filter: ExtractorFilter, page: PageRequest): Promise<Page<Extractor>> {
    return this.deps.extractors.list(orgId, filter, page);
  }

  /** Partial update. Jobs already submitted keep the definitions they were submitted with. */
  async update(orgId: string, id: string, rawInput: unknown): Promise<Extractor> {
    const input = parseInput(UpdateExtractorInputSchema, rawInput);
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length === 0) return this.get(orgId, id);
    const updated = await this.deps.extractors.update(orgId, id, {
      ...changes,
      updated_at: this.deps.clock.now().toISOString(),
    });
    if (!updated) throw notFound('Extractor', id);
    return updated;
  }

  async duplicate(orgId: string, id: string, rawInput: unknown, actor: Actor): Promise<Extractor> {
    const input = parseInput(DuplicateExtractorInputSchema, rawInput ?? {});
    const source = await this.get(orgId, id);
    return this.create(
      orgId,
      {
        name: input.new_name ?? `${source.name} (copy)`.slice(0, 200),
        document_type: source.document_type,
        field_definitions: source.field_definitions,
      },
      actor,
    );
  }

  async delete(orgId: string, id: string): Promise<void> {
    const deleted = await this.deps.extractors.delete(orgId, id, this.deps.clock.now().toISOString());
    if (!deleted) throw notFound('Extractor', id);
  }
}
