import { createRandomIds, type IdGenerator } from './shared/ids.js';
import { systemClock, type Clock } from './ports/clock.port.js';
import type { IntakeStores } from './ports/intake-stores.port.js';
import { SessionService } from './sessions/session-service.js';
import { EmailIngestionService } from './prefixes/email-ingestion-service.js';
import { literalDestinations, type DestinationCheck } from './webhooks/callback-url.js';
import { ApiKeyService } from './keys/api-key-service.js';
import { CreditService } from './credits/credit-service.js';
import { ExtractorService } from './extractors/extractor-service.js';
import { JobQueries } from './jobs/job-queries.js';
import { OrganizationService } from './organizations/organization-service.js';
import type { JobHooks } from './jobs/job-hooks.js';
import { duplicateJobHook } from './duplicates/duplicate-job-hook.js';
import { routingJobHook } from './routing/routing-job-hook.js';
import { prefixJobHook } from './prefixes/prefix-job-hook.js';
import { erpJobHook } from './erp/erp-job-hook.js';
import { paymentDetailsJobHook } from './vendors/payment-details-job-hook.js';
import { createSecretBox } from './prefixes/imap/secret-box.js';

/** What createIntake needs: the stores (required) and what to replace the defaults with. */
export interface IntakeOptions {
  stores: IntakeStores;
  clock?: Clock;
  ids?: IdGenerator;
  /** Credits a live job costs per page (CREDITS_PER_PAGE); default 1. */
  creditsPerPage?: number;
  /** How long an authenticated key is trusted before the database is asked again; default 5000 ms. */
  authCacheMs?: number;
  /**
   * The address policy URLs Intake will call must pass at registration (per-prefix webhooks here):
   * pass the webhook transport (@intake/webhook-https), which applies the same policy at every
   * connection. Default: the default policy on IP literals and localhost (no DNS).
   */
  destinations?: DestinationCheck;
  /** 32 bytes that encrypt stored secrets (a prefix's IMAP password or token); without it none can be stored. */
  secretKey?: Uint8Array;
  /** Dashboard sessions end after this long unused; default 30 minutes. */
  sessionIdleMs?: number;
  /** Dashboard sessions end this long after sign-in; default 12 hours. */
  sessionMaxMs?: number;
}

/** The services of Intake, wired to one set of stores. */
export interface Intake {
  organizations: OrganizationService;
  apiKeys: ApiKeyService;
  extractors: ExtractorService;
  credits: CreditService;
  jobs: JobQueries;
  emailIngestion: EmailIngestionService;
  /** Dashboard sign-in: sessions standing for an API key. */
  sessions: SessionService;
  stores: IntakeStores;
  clock: Clock;
  ids: IdGenerator;
  creditsPerPage: number;
  /**
   * What the email contexts do when a job ends, handed to the job pipeline (the queue knows nothing
   * of email): duplicates and routing decided after extraction, then, in the transaction that ends
   * the job, the prefix's `extraction.completed` event and the ERP queue.
   */
  jobHooks: readonly JobHooks[];
}

/** Builds Intake's services over the given stores: what an embedding application calls. */
export function createIntake(options: IntakeOptions): Intake {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? createRandomIds();
  const creditsPerPage = options.creditsPerPage ?? 1;
  const { stores } = options;
  const apiKeys = new ApiKeyService({
    keys: stores.apiKeys,
    organizations: stores.organizations,
    clock,
    ids,
    ...(options.authCacheMs !== undefined ? { authCacheMs: options.authCacheMs } : {}),
  });
  return {
    apiKeys,
    organizations: new OrganizationService({
      organizations: stores.organizations,
      credits: stores.credits,
      keys: apiKeys,
      clock,
      ids,
    }),
    extractors: new ExtractorService({ extractors: stores.extractors, clock, ids }),
    credits: new CreditService({ stores, transaction: stores.transaction, clock, ids, creditsPerPage }),
    jobs: new JobQueries({ stores, clock }),
    emailIngestion: new EmailIngestionService({
      stores,
      clock,
      ids,
      destinations: options.destinations ?? literalDestinations(),
      secrets: options.secretKey ? createSecretBox(options.secretKey) : null,
    }),
    sessions: new SessionService({
      sessions: stores.sessions,
      apiKeys,
      clock,
      ...(options.sessionIdleMs !== undefined ? { idleMs: options.sessionIdleMs } : {}),
      ...(options.sessionMaxMs !== undefined ? { maxMs: options.sessionMaxMs } : {}),
    }),
    stores,
    clock,
    ids,
    creditsPerPage,
    jobHooks: [
      duplicateJobHook({ stores, clock }),
      routingJobHook,
      prefixJobHook({ stores, ids }),
      erpJobHook({ ids }),
      paymentDetailsJobHook({ stores }),
    ],
  };
}
