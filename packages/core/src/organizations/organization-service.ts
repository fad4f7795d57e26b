import type { IdGenerator } from '../shared/ids.js';
import { parseInput } from '../shared/validation.js';
import type { Clock } from '../ports/clock.port.js';
import type { CreditLedger } from '../ports/credit-ledger.port.js';
import type { OrganizationStore } from '../ports/organization-store.port.js';
import { type ApiKeyService, type OrganizationRateLimits, SCOPES } from '../keys/index.js';
import {
  DEFAULT_ENTERPRISE_RATE_LIMIT,
  DEFAULT_LOW_BALANCE_THRESHOLD,
  effectiveRateLimit,
  type Organization,
} from './organization.js';
import { CreateOrganizationInputSchema } from './organization.schema.js';

export interface OrganizationServiceDeps {
  organizations: OrganizationStore;
  credits: CreditLedger;
  keys: ApiKeyService;
  clock: Clock;
  ids: IdGenerator;
}

/** An organization with the two keys made with it, in the shape `intake orgs create --json` prints. */
export interface CreatedOrganization {
  org_id: string;
  live_key: string;
  test_key: string;
}

export class OrganizationService {
  constructor(private readonly deps: OrganizationServiceDeps) {}

  /** Creates an organization plus one live and one test key holding every scope. */
  async create(rawInput: unknown): Promise<{ organization: Organization } & CreatedOrganization> {
    const input = parseInput(CreateOrganizationInputSchema, rawInput);
    const now = this.deps.clock.now().toISOString();
    const organization: Organization = {
      id: this.deps.ids('org'),
      name: input.name,
      plan: input.plan,
      rate_limit_per_minute:
        input.rate_limit_per_minute ?? (input.plan === 'enterprise' ? DEFAULT_ENTERPRISE_RATE_LIMIT : null),
      low_balance_threshold: DEFAULT_LOW_BALANCE_THRESHOLD,
      metadata_search_enabled: false,
      created_at: now,
    };
    await this.deps.organizations.insert(organization);
    if (input.credits !== undefined && input.credits > 0) {
      await this.deps.credits.record({
        id: this.deps.ids('ctx'),
        org_id: organization.id,
        type: 'top_up',
        amount: input.credits,
        job_id: null,
        description: 'Initial credits',
        created_at: now,
      });
    }
    const live = await this.deps.keys.create(organization.id, {
      name: 'Default live key',
      environment: 'live',
      scopes: [...SCOPES],
    });
    const test = await this.deps.keys.create(organization.id, {
      name: 'Default test key',
      environment: 'test',
      scopes: [...SCOPES],
    });
    return { organization, org_id: organization.id, live_key: live.key, test_key: test.key };
  }

  get(id: string): Promise<Organization | null> {
    return this.deps.organizations.get(id);
  }

  count(): Promise<number> {
    return this.deps.organizations.count();
  }
}

/** The requests-per-minute limit of an organization, as the key service asks for it. */
export function organizationRateLimits(organizations: OrganizationStore): OrganizationRateLimits {
  return {
    async rateLimitOf(orgId) {
      const org = await organizations.get(orgId);
      return org ? effectiveRateLimit(org) : null;
    },
  };
}
