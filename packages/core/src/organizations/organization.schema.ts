import { z } from 'zod';
import { PLANS } from './organization.js';

/** What `intake orgs create` (and the daemon's first start) asks for. */
export const CreateOrganizationInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    plan: z.enum(PLANS).default('free'),
    rate_limit_per_minute: z.number().int().min(1).max(1_000_000).optional(),
    credits: z.number().int().min(0).optional(),
  })
  .meta({ id: 'CreateOrganizationRequest' });
/** The input `intake.organizations.create` accepts: a name, and optionally a plan, a rate limit and credits. */
export type CreateOrganizationInput = z.input<typeof CreateOrganizationInputSchema>;
