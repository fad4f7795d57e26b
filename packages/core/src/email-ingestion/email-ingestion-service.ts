import { AppError, invalidRequest, notFound, type ErrorDetail } from '../shared/errors.js';
import { parseInput } from '../shared/validation.js';
import type { Clock } from '../ports/clock.port.js';
import type { ExtractorStore } from '../ports/extractor-store.port.js';
import { toConfigView, type EmailIngestionConfigView } from './email-ingestion-config.js';
import { EmailIngestionConfigInputSchema, type EmailIngestionConfig } from './email-ingestion-config.schema.js';
import type { EmailIngestionStore } from './email-ingestion-store.port.js';
import { applyMergePatch } from './merge-patch.js';

export interface EmailIngestionServiceDeps {
  configs: EmailIngestionStore;
  extractors: ExtractorStore;
  clock: Clock;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Configurations of inbound prefixes. Prefixes are compared lowercased everywhere. */
export class EmailIngestionService {
  constructor(private readonly deps: EmailIngestionServiceDeps) {}

  async create(orgId: string, rawInput: unknown): Promise<EmailIngestionConfigView> {
    const config = parseInput(EmailIngestionConfigInputSchema, rawInput);
    await this.checkExtractors(orgId, config);
    const now = this.deps.clock.now().toISOString();
    const record = { org_id: orgId, prefix: config.emailPrefix, config, created_at: now, updated_at: now };
    const result = await this.deps.configs.insert(record);
    if (result.outcome === 'prefix_taken') {
      throw new AppError('conflict', `The email prefix "${config.emailPrefix}" is already in use`, {
        details: [{ path: 'emailPrefix', message: 'is already in use' }],
      });
    }
    return toConfigView(record);
  }

  async list(orgId: string): Promise<EmailIngestionConfigView[]> {
    return (await this.deps.configs.list(orgId)).map(toConfigView);
  }

  async get(orgId: string, prefix: string): Promise<EmailIngestionConfigView> {
    return toConfigView(await this.find(orgId, prefix));
  }

  /**
   * Applies a JSON merge patch (RFC 7396) to the stored configuration and validates the result as a
   * whole, so a patch can never leave a configuration that creation would refuse. The prefix is the
   * configuration's identity and cannot change.
   */
  async patch(orgId: string, prefix: string, rawPatch: unknown): Promise<EmailIngestionConfigView> {
    if (!isPlainObject(rawPatch)) throw invalidRequest('The request is invalid ((body): a merge patch must be a JSON object)', [{ path: '(body)', message: 'must be a JSON object' }]);
    const current = await this.find(orgId, prefix);
    const config = parseInput(EmailIngestionConfigInputSchema, applyMergePatch(current.config, rawPatch));
    if (config.emailPrefix !== current.prefix) {
      throw invalidRequest('The request is invalid (emailPrefix: cannot be changed)', [
        { path: 'emailPrefix', message: 'cannot be changed; create a configuration for the new prefix and delete this one' },
      ]);
    }
    await this.checkExtractors(orgId, config);
    const updated = await this.deps.configs.update(orgId, current.prefix, config, this.deps.clock.now().toISOString());
    if (!updated) throw notFound('Email ingestion configuration', current.prefix);
    return toConfigView(updated);
  }

  async delete(orgId: string, prefix: string): Promise<void> {
    if (!(await this.deps.configs.delete(orgId, prefix.toLowerCase()))) throw notFound('Email ingestion configuration', prefix);
  }

  private async find(orgId: string, prefix: string) {
    const found = await this.deps.configs.get(orgId, prefix.toLowerCase());
    if (!found) throw notFound('Email ingestion configuration', prefix);
    return found;
  }

  /** Every extractor the map names must be one of this organization's (another's is as unknown). */
  private async checkExtractors(orgId: string, config: EmailIngestionConfig): Promise<void> {
    const details: ErrorDetail[] = [];
    for (const [documentType, id] of Object.entries(config.extractors ?? {})) {
      if (!(await this.deps.extractors.get(orgId, id))) details.push({ path: `extractors.${documentType}`, message: `extractor ${id} was not found` });
    }
    if (details.length > 0) throw invalidRequest(`The request is invalid (${details[0]!.path}: ${details[0]!.message})`, details);
  }
}
