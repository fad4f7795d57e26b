import { AppError, invalidRequest, notFound, type ErrorDetail } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import type { IdGenerator } from '../../shared/ids.js';
import type { IntakeStores, TransactionRunner } from '../../ports/intake-stores.port.js';
import type { Clock } from '../../ports/clock.port.js';
import { toConfigView, type EmailIngestionConfigView } from './email-ingestion-config.js';
import { EmailIngestionConfigInputSchema, type EmailIngestionConfig } from './email-ingestion-config.schema.js';
import { applyMergePatch } from './merge-patch.js';
import { checkCallbackUrl, type DestinationCheck } from '../../webhooks/index.js';
import type { StoredEmailIngestionConfig } from './email-ingestion-config.js';
import { maskImapSecret, sealImapSecret, withoutImapSecret } from './imap/imap-secret.js';
import type { ImapStatus } from './imap/imap-settings.schema.js';
import type { SecretBox } from './imap/secret-box.js';

/** What a prefix's configuration reads and writes (its webhook endpoint in the same transaction). */
type PrefixStores = Pick<IntakeStores, 'emailIngestion' | 'extractors' | 'erp' | 'webhooks' | 'imapMailboxes'>;

export interface EmailIngestionServiceDeps {
  stores: PrefixStores & { transaction: TransactionRunner<PrefixStores> };
  clock: Clock;
  ids: IdGenerator;
  /** The address policy `webhooks.url` must pass, as every URL Intake calls (see checkCallbackUrl). */
  destinations: DestinationCheck;
  /** Seals IMAP secrets (SECRET_KEY); without it a configuration with an IMAP secret is refused. */
  secrets?: SecretBox | null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Configurations of inbound prefixes. Prefixes are compared lowercased everywhere. */
export class EmailIngestionService {
  constructor(private readonly deps: EmailIngestionServiceDeps) {}

  async create(orgId: string, rawInput: unknown): Promise<EmailIngestionConfigView> {
    const config = sealImapSecret(parseInput(EmailIngestionConfigInputSchema, rawInput), null, this.secrets);
    await this.checkReferences(orgId, config);
    await this.checkWebhookUrl(config, null);
    const now = this.deps.clock.now().toISOString();
    const record = { org_id: orgId, prefix: config.emailPrefix, config, created_at: now, updated_at: now };
    // The configuration and its webhook endpoint commit together.
    const result = await this.deps.stores.transaction(async (tx) => {
      const inserted = await tx.emailIngestion.insert(record);
      if (inserted.outcome === 'inserted')
        await tx.webhooks.setPrefixEndpoint(orgId, record.prefix, config.webhooks ?? null, now, () =>
          this.deps.ids('whe'),
        );
      return inserted;
    });
    if (result.outcome === 'prefix_taken') {
      throw new AppError('conflict', `The email prefix "${config.emailPrefix}" is already in use`, {
        details: [{ path: 'emailPrefix', message: 'is already in use' }],
      });
    }
    return this.view(record);
  }

  async list(orgId: string): Promise<EmailIngestionConfigView[]> {
    const stored = await this.deps.stores.emailIngestion.list(orgId);
    const statuses = stored.some((s) => s.config.imap) ? await this.deps.stores.imapMailboxes.statuses(orgId) : null;
    return Promise.all(stored.map((s) => this.view(s, statuses)));
  }

  async get(orgId: string, prefix: string): Promise<EmailIngestionConfigView> {
    return this.view(await this.find(orgId, prefix));
  }

  /**
   * Applies a JSON merge patch (RFC 7396) to the stored configuration and validates the result as a
   * whole, so a patch can never leave a configuration that creation would refuse. The prefix is the
   * configuration's identity and cannot change.
   */
  async patch(orgId: string, prefix: string, rawPatch: unknown): Promise<EmailIngestionConfigView> {
    if (!isPlainObject(rawPatch))
      throw invalidRequest('The request is invalid ((body): a merge patch must be a JSON object)', [
        { path: '(body)', message: 'must be a JSON object' },
      ]);
    const current = await this.find(orgId, prefix);
    // The stored secret is never merged: a patch gives a new one, or sealImapSecret keeps the old.
    const merged = parseInput(
      EmailIngestionConfigInputSchema,
      applyMergePatch(withoutImapSecret(current.config), rawPatch),
    );
    const config = sealImapSecret(merged, current.config, this.secrets);
    if (config.emailPrefix !== current.prefix) {
      throw invalidRequest('The request is invalid (emailPrefix: cannot be changed)', [
        {
          path: 'emailPrefix',
          message: 'cannot be changed; create a configuration for the new prefix and delete this one',
        },
      ]);
    }
    await this.checkReferences(orgId, config);
    await this.checkWebhookUrl(config, current.config);
    const now = this.deps.clock.now().toISOString();
    const updated = await this.deps.stores.transaction(async (tx) => {
      const row = await tx.emailIngestion.update(orgId, current.prefix, config, now);
      if (row)
        await tx.webhooks.setPrefixEndpoint(orgId, row.prefix, config.webhooks ?? null, now, () =>
          this.deps.ids('whe'),
        );
      return row;
    });
    if (!updated) throw notFound('Email ingestion configuration', current.prefix);
    return this.view(updated);
  }

  async delete(orgId: string, prefix: string): Promise<void> {
    const lower = prefix.toLowerCase();
    const deleted = await this.deps.stores.transaction(async (tx) => {
      if (!(await tx.emailIngestion.delete(orgId, lower))) return false;
      // Its endpoint goes with it, and with the endpoint its undelivered events.
      await tx.webhooks.setPrefixEndpoint(orgId, lower, null, this.deps.clock.now().toISOString(), () =>
        this.deps.ids('whe'),
      );
      return true;
    });
    if (!deleted) throw notFound('Email ingestion configuration', prefix);
  }

  private get secrets(): SecretBox | null {
    return this.deps.secrets ?? null;
  }

  /**
   * The API's view: the IMAP secret masked, and with `imap` its reader's state (`idle` until a
   * daemon first reads it). `statuses` given: the organization's, read once for a list.
   */
  private async view(
    stored: StoredEmailIngestionConfig,
    statuses?: Map<string, ImapStatus> | null,
  ): Promise<EmailIngestionConfigView> {
    const view = toConfigView({ ...stored, config: maskImapSecret(stored.config) });
    if (!stored.config.imap) return view;
    const all = statuses ?? (await this.deps.stores.imapMailboxes.statuses(stored.org_id));
    return { ...view, imap_status: all.get(stored.prefix) ?? { state: 'idle' as const } };
  }

  private async find(orgId: string, prefix: string) {
    const found = await this.deps.stores.emailIngestion.get(orgId, prefix.toLowerCase());
    if (!found) throw notFound('Email ingestion configuration', prefix);
    return found;
  }

  /**
   * Every extractor the map names, and the ERP connection, must be this organization's (another's
   * is as unknown).
   */
  private async checkReferences(orgId: string, config: EmailIngestionConfig): Promise<void> {
    const details: ErrorDetail[] = [];
    for (const [documentType, id] of Object.entries(config.extractors ?? {})) {
      if (!(await this.deps.stores.extractors.get(orgId, id)))
        details.push({ path: `extractors.${documentType}`, message: `extractor ${id} was not found` });
    }
    if (config.erpConnectionId && !(await this.deps.stores.erp.getConnection(orgId, config.erpConnectionId))) {
      details.push({
        path: 'erpConnectionId',
        message: `ERP connection ${config.erpConnectionId} was not found: create it with POST /v1/erp-connections`,
      });
    }
    if (details.length > 0)
      throw invalidRequest(`The request is invalid (${details[0]!.path}: ${details[0]!.message})`, details);
  }

  /**
   * A new or changed `webhooks.url` must pass the address policy now, as `/v1/webhooks/endpoints`
   * does; an unchanged one is not looked up again (its deliveries are checked at every connection).
   */
  private async checkWebhookUrl(config: EmailIngestionConfig, before: EmailIngestionConfig | null): Promise<void> {
    const url = config.webhooks?.url;
    if (url === undefined || url === before?.webhooks?.url) return;
    const problem = await checkCallbackUrl(url, this.deps.destinations);
    if (problem)
      throw new AppError('invalid_webhook_url', `webhooks.url: ${problem}`, {
        details: [{ path: 'webhooks.url', message: problem }],
      });
  }
}
