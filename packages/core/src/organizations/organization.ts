/** Commercial plans of the spec, each with its requests-per-minute limit. */
export const PLANS = ['free', 'starter', 'professional', 'business', 'enterprise'] as const;
/** One of PLANS. */
export type Plan = (typeof PLANS)[number];

/** Requests per minute for each plan; `enterprise` has no fixed number and needs an explicit one. */
export const PLAN_RATE_LIMITS: Record<Exclude<Plan, 'enterprise'>, number> = {
  free: 10,
  starter: 60,
  professional: 100,
  business: 500,
};

/** Used for an enterprise organization created without `--rate-limit`. */
export const DEFAULT_ENTERPRISE_RATE_LIMIT = 1000;

/** Default `credits.low_balance` threshold of a new organization. */
export const DEFAULT_LOW_BALANCE_THRESHOLD = 100;

/** A customer of this Intake: owns keys, extractors, jobs and credits; its plan sets its rate limit. */
export interface Organization {
  /** Form `org_<id>`. */
  id: string;
  name: string;
  plan: Plan;
  /**
   * An explicit requests-per-minute limit that overrides the plan's (always set for enterprise);
   * null means "the plan's limit".
   */
  rate_limit_per_minute: number | null;
  low_balance_threshold: number;
  /** Whether `metadata[key]=value` filters are allowed on the job list (they need an index). */
  metadata_search_enabled: boolean;
  created_at: string;
}

/** The settings of an organization that can be changed after it is created. */
export type OrganizationSettings = Partial<
  Pick<Organization, 'low_balance_threshold' | 'metadata_search_enabled' | 'plan' | 'rate_limit_per_minute'>
>;

/** The requests per minute an organization may make. */
export function effectiveRateLimit(org: Pick<Organization, 'plan' | 'rate_limit_per_minute'>): number {
  if (org.rate_limit_per_minute !== null) return org.rate_limit_per_minute;
  return org.plan === 'enterprise' ? DEFAULT_ENTERPRISE_RATE_LIMIT : PLAN_RATE_LIMITS[org.plan];
}
