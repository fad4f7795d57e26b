import { createRandomIds, type IdGenerator } from './shared/ids.js';
import { systemClock, type Clock } from './ports/clock.port.js';
import type {
  ErpStores,
  ExtractionStores,
  IntakeStores,
  MailStores,
  TransactionRunner,
  ReviewStores,
  SessionStores,
  WebhookStores,
} from './ports/intake-stores.port.js';
import { SessionService } from './sessions/session-service.js';
import { EmailIngestionService } from './email/prefixes/email-ingestion-service.js';
import { prefixJobHook } from './email/prefixes/prefix-job-hook.js';
import { createSecretBox } from './email/prefixes/imap/secret-box.js';
import { literalDestinations, type DestinationCheck } from './webhooks/callback-url.js';
import { ApiKeyService } from './keys/api-key-service.js';
import { CreditService } from './credits/credit-service.js';
import { ExtractorService } from './extractors/extractor-service.js';
import { JobQueries } from './jobs/job-queries.js';
import { OrganizationService, organizationRateLimits } from './organizations/organization-service.js';
import type { JobHooks } from './jobs/job-hooks.js';
import { duplicateJobHook } from './email/duplicates/duplicate-job-hook.js';
import { routingJobHook } from './email/routing/routing-job-hook.js';
import { erpJobHook } from './erp/erp-job-hook.js';
import { paymentDetailsJobHook } from './vendors/payment-details-job-hook.js';

/**
 * What createIntake needs: the stores (the extraction bundle at least, see
 * `ports/intake-stores.port.ts`) and what to replace the defaults with.
 */
export interface IntakeOptions<S extends ExtractionStores = IntakeStores> {
  stores: S;
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

/** The stores email ingestion's configuration writes to: mail, and the prefixes' webhooks and ERP connections. */
type EmailIngestionStores = MailStores & WebhookStores & ErpStores;

/** The services every Intake has: those of the extraction bundle. */
export interface ExtractionServices<S extends ExtractionStores = IntakeStores> {
  organizations: OrganizationService;
  apiKeys: ApiKeyService;
  extractors: ExtractorService;
  credits: CreditService;
  jobs: JobQueries;
  stores: S;
  clock: Clock;
  ids: IdGenerator;
  creditsPerPage: number;
  /**
   * What other contexts do when a job ends, handed to the job pipeline (the queue knows nothing
   * of email): duplicates and routing decided after extraction, then, in the transaction that ends
   * the job, the prefix's `extraction.completed` event (with the mail bundle), the ERP queue (with
   * mail and ERP) and the vendor's payment details (with the review bundle).
   */
  jobHooks: readonly JobHooks<S>[];
}

/** Email ingestion's configuration service, present when the mail, webhook and ERP bundles were given. */
export interface EmailServices {
  emailIngestion: EmailIngestionService;
}

/** Dashboard sign-in, present when the session bundle was given. */
export interface SessionServices {
  /** Dashboard sign-in: sessions standing for an API key. */
  sessions: SessionService;
}

/**
 * The services of Intake, wired to one set of stores: those of the extraction bundle, and those
 * whose bundles `S` holds.
 */
export type Intake<S extends ExtractionStores = IntakeStores> = ExtractionServices<S> &
  (S extends EmailIngestionStores ? EmailServices : unknown) &
  (S extends SessionStores ? SessionServices : unknown);

const has = <K extends string>(stores: object, ...keys: K[]): stores is Record<K, unknown> =>
  keys.every((key) => key in stores);

/** Builds Intake's services over the given stores: what an embedding application calls. */
export function createIntake<S extends ExtractionStores = IntakeStores>(options: IntakeOptions<S>): Intake<S> {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? createRandomIds();
  const creditsPerPage = options.creditsPerPage ?? 1;
  const { stores } = options;
  const apiKeys = new ApiKeyService({
    keys: stores.apiKeys,
    organizations: organizationRateLimits(stores.organizations),
    clock,
    ids,
    ...(options.authCacheMs !== undefined ? { authCacheMs: options.authCacheMs } : {}),
  });
  const services: ExtractionServices<S> & Partial<EmailServices & SessionServices> = {
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
    stores,
    clock,
    ids,
    creditsPerPage,
    jobHooks: jobHooksFor(stores, clock, ids),
  };
  if (hasEmailIngestion(stores)) {
    services.emailIngestion = new EmailIngestionService({
      stores,
      clock,
      ids,
      destinations: options.destinations ?? literalDestinations(),
      secrets: options.secretKey ? createSecretBox(options.secretKey) : null,
    });
  }
  if (has(stores, 'sessions')) {
    services.sessions = new SessionService({
      sessions: (stores as unknown as SessionStores).sessions,
      apiKeys,
      clock,
      ...(options.sessionIdleMs !== undefined ? { idleMs: options.sessionIdleMs } : {}),
      ...(options.sessionMaxMs !== undefined ? { maxMs: options.sessionMaxMs } : {}),
    });
  }
  // The conditional members of Intake<S> follow the bundles checked above.
  return services as Intake<S>;
}

/**
 * The stores hold the bundles email ingestion writes to. Their transaction runner binds every store
 * of the set it belongs to (TransactionRunner), so it binds these too.
 */
const hasEmailIngestion = <S extends ExtractionStores>(
  stores: S,
): stores is S & EmailIngestionStores & { transaction: TransactionRunner<ExtractionStores & EmailIngestionStores> } =>
  has(stores, 'emailIngestion', 'inboundMessages', 'triageItems', 'notifications', 'imapMailboxes', 'webhooks', 'erp');

/**
 * The email contexts' job hooks, in order: duplicates and routing (they need the jobs alone), the
 * prefix's event with the mail bundle, the ERP queue with mail and ERP, payment details with the
 * review bundle. The processor hands each the transaction of the whole set, which holds what a
 * hook writes to because it is registered only when the stores hold it.
 */
function jobHooksFor(stores: ExtractionStores, clock: Clock, ids: IdGenerator): JobHooks<ExtractionStores>[] {
  const hooks: JobHooks<ExtractionStores>[] = [duplicateJobHook({ stores, clock }), routingJobHook];
  if (has(stores, 'emailIngestion')) hooks.push(prefixJobHook({ stores: stores as unknown as MailStores, ids }));
  if (has(stores, 'emailIngestion', 'erp')) hooks.push(erpJobHook({ ids }));
  if (has(stores, 'vendorPayments')) hooks.push(paymentDetailsJobHook({ stores: stores as unknown as ReviewStores }));
  return hooks;
}
