import { z } from 'zod';
import { ENVIRONMENTS, PLANS, type CreatedOrganization, type Intake } from '@intake/core';
import { CreateApiKeyInputSchema } from '@intake/core/keys';
import { notFound, parseInput } from '@intake/core/shared';
import { type WebhookService } from '@intake/core/webhooks';
import { directOperations, type OperationsCommands, type OperationsDeps } from '../operations/operations.js';

/** `intake keys create` input: the API's key body plus the organization. */
export const AdminCreateKeyInputSchema = CreateApiKeyInputSchema.extend({ org_id: z.string().min(1) });

export const AdminAddCreditsInputSchema = z.strictObject({
  org_id: z.string().min(1),
  amount: z
    .number()
    .int()
    .refine((n) => n !== 0, 'must not be zero'),
  type: z.enum(['top_up', 'adjustment']).default('top_up'),
  description: z.string().max(500).optional(),
});

export const AdminUpdateOrgInputSchema = z.strictObject({
  org_id: z.string().min(1),
  low_balance_threshold: z.number().int().min(0).optional(),
  metadata_search_enabled: z.boolean().optional(),
  plan: z.enum(PLANS).optional(),
  rate_limit_per_minute: z.number().int().min(1).max(1_000_000).nullable().optional(),
});

/**
 * What the CLI can do. Implemented directly over the database, or remotely through a running
 * daemon's admin socket: the CLI picks one, the commands do not care which.
 */
export interface AdminOperations extends OperationsCommands {
  createOrganization(input: unknown): Promise<CreatedOrganization & { name: string; plan: string }>;
  createApiKey(input: unknown): Promise<Record<string, unknown>>;
  addCredits(input: unknown): Promise<Record<string, unknown>>;
  updateOrganization(input: unknown): Promise<Record<string, unknown>>;
  createWebhookEndpoint(input: unknown): Promise<Record<string, unknown>>;
  listWebhookEndpoints(input: unknown): Promise<Record<string, unknown>>;
  /** Every organization with its credit balance: `{ organizations: [...] }`. */
  listOrganizations(input: unknown): Promise<Record<string, unknown>>;
  /** An organization's keys as the API shows them (prefix, never the secret): `{ keys: [...] }`. */
  listApiKeys(input: unknown): Promise<Record<string, unknown>>;
  /** Revokes one key of an organization; returns its record. */
  revokeApiKey(input: unknown): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

const OrgOnly = z.strictObject({ org_id: z.string().min(1) });
const OrgKey = z.strictObject({ org_id: z.string().min(1), key_id: z.string().min(1) });
/** The CLI lists at most this many keys of one organization (the API pages through more). */
const KEY_LIST_LIMIT = 1000;

export function directAdminOperations(
  intake: Intake,
  webhooks: WebhookService,
  operations: Omit<OperationsDeps, 'intake'>,
  close: () => Promise<void>,
): AdminOperations {
  return {
    ...directOperations({ intake, ...operations }),
    async createOrganization(input) {
      const created = await intake.organizations.create(input);
      return {
        org_id: created.org_id,
        live_key: created.live_key,
        test_key: created.test_key,
        name: created.organization.name,
        plan: created.organization.plan,
      };
    },
    async createApiKey(input) {
      const { org_id, ...rest } = parseInput(AdminCreateKeyInputSchema, input);
      const created = await intake.apiKeys.create(org_id, rest);
      return { ...created.record, key: created.key };
    },
    async addCredits(input) {
      const { org_id, amount, type, description } = parseInput(AdminAddCreditsInputSchema, input);
      const entry = await intake.credits.add(org_id, amount, { type, ...(description ? { description } : {}) });
      return { transaction: entry, ...(await intake.credits.balance(org_id, 'live')) };
    },
    async updateOrganization(input) {
      const { org_id, ...changes } = parseInput(AdminUpdateOrgInputSchema, input);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const updated = await intake.stores.organizations.update(org_id, defined);
      if (!updated) throw notFound('Organization', org_id);
      intake.apiKeys.forgetOrganization(org_id);
      return { ...updated };
    },
    async createWebhookEndpoint(input) {
      const { org_id, ...rest } = parseInput(z.looseObject(OrgOnly.shape), input);
      if (!(await intake.organizations.get(org_id))) throw notFound('Organization', org_id);
      const { endpoint, secret } = await webhooks.create(org_id, rest);
      return { ...endpoint, secret };
    },
    async listWebhookEndpoints(input) {
      const { org_id } = parseInput(OrgOnly, input);
      return { endpoints: await webhooks.list(org_id) };
    },
    async listOrganizations() {
      const organizations = await intake.stores.organizations.list();
      const rows = [];
      for (const org of organizations)
        rows.push({ ...org, credits: (await intake.credits.balance(org.id, 'live')).balance });
      return { organizations: rows };
    },
    async listApiKeys(input) {
      const { org_id } = parseInput(OrgOnly, input);
      if (!(await intake.organizations.get(org_id))) throw notFound('Organization', org_id);
      // The operator sees both environments' keys (live first), as `keys revoke` can end either.
      const pages = await Promise.all(
        ENVIRONMENTS.slice()
          .reverse()
          .map((env) => intake.apiKeys.list(org_id, env, { limit: KEY_LIST_LIMIT, offset: 0 })),
      );
      return {
        keys: pages.flatMap((p) => p.items).slice(0, KEY_LIST_LIMIT),
        total: pages.reduce((n, p) => n + p.total, 0),
      };
    },
    async revokeApiKey(input) {
      const { org_id, key_id } = parseInput(OrgKey, input);
      return { ...(await intake.apiKeys.revoke(org_id, key_id)) };
    },
    close,
  };
}
