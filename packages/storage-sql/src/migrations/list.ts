import type { Knex } from 'knex';
import { foundation } from './001-foundation.js';
import { jobs } from './002-jobs.js';
import { jobIndexes } from './003-job-indexes.js';
import { webhooks } from './004-webhooks.js';
import { emailIngestion } from './005-email-ingestion.js';
import { inboundMessages } from './006-inbound-messages.js';
import { reviewQueue } from './007-review-queue.js';
import { jobRouting } from './008-job-routing.js';
import { duplicates } from './009-duplicates.js';
import { webhookEndpointDue } from './010-webhook-endpoint-due.js';
import { notifications } from './011-notifications.js';
import { prefixWebhooksErp } from './012-prefix-webhooks-erp.js';
import { blobStorageExternal } from './013-blob-storage-external.js';
import { modes } from './014-modes.js';
import { dashboardSessions } from './015-dashboard-sessions.js';
import { reviewCorrections } from './016-review-corrections.js';
import { reviewQueueJobs } from './017-review-queue-jobs.js';
import { documentsRegister } from './018-documents-register.js';
import { imapMailboxes } from './019-imap-mailboxes.js';
import { reprocessAndDocumentText } from './020-reprocess-and-document-text.js';
import { senderAuthentication } from './021-sender-authentication.js';
import { vendorPaymentDetails } from './022-vendor-payment-details.js';
import { daemons } from './023-daemons.js';

export interface Migration {
  id: number;
  name: string;
  up(trx: Knex.Transaction): Promise<void>;
}

/** Every migration, in order. Never edit one that has shipped: add the next number. */
export const MIGRATIONS: readonly Migration[] = [
  foundation,
  jobs,
  jobIndexes,
  webhooks,
  emailIngestion,
  inboundMessages,
  reviewQueue,
  jobRouting,
  duplicates,
  webhookEndpointDue,
  notifications,
  prefixWebhooksErp,
  blobStorageExternal,
  modes,
  dashboardSessions,
  reviewCorrections,
  reviewQueueJobs,
  documentsRegister,
  imapMailboxes,
  reprocessAndDocumentText,
  senderAuthentication,
  vendorPaymentDetails,
  daemons,
];
