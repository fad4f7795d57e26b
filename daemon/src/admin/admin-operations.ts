import { z } from 'zod';
import { CreateApiKeyInputSchema, parseInput, type CreatedOrganization, type Intake } from '@intake/core';

/** `intake keys create` input: the API's key body plus the organization. */
export const AdminCreateKeyInputSchema = CreateApiKeyInputSchema.extend({ org_id: z.string().min(1) });

/**
 * What the CLI can do. Implemented directly over the database, or remotely through a running
 * daemon's admin socket: the CLI picks one, the commands do not care which.
 */
export interface AdminOperations {
  createOrganization(input: unknown): Promise<CreatedOrganization & { name: string; plan: string }>;
  createApiKey(input: unknown): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export function directAdminOperations(intake: Intake, close: () => Promise<void>): AdminOperations {
  return {
    async createOrganization(input) {
      const created = await intake.organizations.create(input);
      return { org_id: created.org_id, live_key: created.live_key, test_key: created.test_key, name: created.organization.name, plan: created.organization.plan };
    },
    async createApiKey(input) {
      const { org_id, ...rest } = parseInput(AdminCreateKeyInputSchema, input);
      const created = await intake.apiKeys.create(org_id, rest);
      return { ...created.record, key: created.key };
    },
    close,
  };
}
