import { createRandomIds, type IdGenerator } from './shared/ids.js';
import { systemClock, type Clock } from './ports/clock.port.js';
import type { ApiKeyStore } from './ports/api-key-store.port.js';
import type { CreditLedger } from './ports/credit-ledger.port.js';
import type { ExtractorStore } from './ports/extractor-store.port.js';
import type { JobStore } from './ports/job-store.port.js';
import type { OrganizationStore } from './ports/organization-store.port.js';
import type { OutboxStore } from './ports/outbox.port.js';
import type { SettingsStore } from './ports/settings-store.port.js';
import type { TransactionRunner } from './ports/transaction.port.js';
import type { WebhookStore } from './ports/webhook-store.port.js';
import type { EmailIngestionStore } from './email-ingestion/email-ingestion-store.port.js';
import type { InboundMessageStore } from './email-ingestion/inbound/inbound-message-store.port.js';
import type { ClassificationExampleStore, ReviewItemStore } from './email-ingestion/review/review-store.port.js';
import type { NotificationStore } from './email-ingestion/notifications/notification-store.port.js';
import type { ErpStore } from './email-ingestion/erp/erp-store.port.js';
import type { SessionStore } from './ports/session-store.port.js';
import { SessionService } from './sessions/session-service.js';
import { EmailIngestionService } from './email-ingestion/email-ingestion-service.js';
import { literalDestinations, type DestinationCheck } from './webhooks/callback-url.js';
import { ApiKeyService } from './keys/api-key-service.js';
import { CreditService } from './credits/credit-service.js';
import { ExtractorService } from './extractors/extractor-service.js';
import { JobQueries } from './jobs/job-queries.js';
import { OrganizationService } from './organizations/organization-service.js';

/** The stores Intake's services need; `@intake/storage-sql` and the in-memory set both provide them. */
export interface IntakeStores {
  organizations: OrganizationStore;
  apiKeys: ApiKeyStore;
  extractors: ExtractorStore;
  credits: CreditLedger;
  jobs: JobStore;
  outbox: OutboxStore;
  settings: SettingsStore;
  webhooks: WebhookStore;
  emailIngestion: EmailIngestionStore;
  /** Messages received by the SMTP edge. */
  inboundMessages: InboundMessageStore;
  /** The human review queue of email attachments. */
  reviewItems: ReviewItemStore;
  /** Reviewers' decisions the classifier learns from. */
  classificationExamples: ClassificationExampleStore;
  /** Notifications to senders and internal recipients, and what decides them. */
  notifications: NotificationStore;
  /** ERP connections and what was sent to them. */
  erp: ErpStore;
  /** Dashboard sessions. */
  sessions: SessionStore;
  /** Runs a function with these stores bound to one transaction. */
  transaction: TransactionRunner;
}

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
}

/** Builds Intake's services over the given stores: what an embedding application calls. */
export function createIntake(options: IntakeOptions): Intake {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? createRandomIds();
  const creditsPerPage = options.creditsPerPage ?? 1;
  const { stores } = options;
  const apiKeys = new ApiKeyService({ keys: stores.apiKeys, organizations: stores.organizations, clock, ids, ...(options.authCacheMs !== undefined ? { authCacheMs: options.authCacheMs } : {}) });
  return {
    apiKeys,
    organizations: new OrganizationService({ organizations: stores.organizations, credits: stores.credits, keys: apiKeys, clock, ids }),
    extractors: new ExtractorService({ extractors: stores.extractors, clock, ids }),
    credits: new CreditService({ stores, transaction: stores.transaction, clock, ids, creditsPerPage }),
    jobs: new JobQueries({ stores, clock }),
    emailIngestion: new EmailIngestionService({ stores, clock, ids, destinations: options.destinations ?? literalDestinations() }),
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
  };
}
