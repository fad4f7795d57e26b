import type { IdGenerator } from '../../shared/ids.js';
import type { IntakeStores } from '../../ports/intake-stores.port.js';
import type { BlobStore } from '../../ports/blob-store.port.js';
import type { Clock } from '../../ports/clock.port.js';
import type { DocumentCombiner, MessageParser } from '../../ports/message-parser.port.js';
import type { DocumentReader } from '../../ports/document-reader.port.js';
import type { JobSubmissionService } from '../../jobs/index.js';
import type { DocumentClassifier } from '../../ports/document-classifier.port.js';
import type { SenderAuthenticator } from '../../ports/sender-authenticator.port.js';
import type { MessageHooks } from './message-hooks.js';

export interface InboundMailOptions {
  /** The domains we receive for (lowercase): EMAIL_DOMAIN. */
  domains: readonly string[];
  /** How long a worker's claim on a message lasts. */
  leaseMs: number;
  /** Attempts before a message whose daemon keeps dying is marked failed. */
  maxAttempts: number;
  /** Attachments of one message looked at; the rest are ignored (recorded on the message). */
  maxAttachmentsPerMessage: number;
  /** Longest a document may take to read for classification (PROCESSING_TIMEOUT_MS). */
  readTimeoutMs?: number;
  /** Base of the links in internal notifications (PUBLIC_BASE_URL; for the notification hook); none without it. */
  publicBaseUrl?: string;
}

export interface InboundMailDeps {
  stores: Pick<
    IntakeStores,
    | 'emailIngestion'
    | 'extractors'
    | 'jobs'
    | 'inboundMessages'
    | 'triageItems'
    | 'classificationExamples'
    | 'transaction'
  >;
  blobs: BlobStore;
  parser: MessageParser;
  combiner: DocumentCombiner;
  /** Reads documents for the classifier (text layer or OCR). */
  reader: Pick<DocumentReader, 'read'>;
  classifier: DocumentClassifier;
  /** SPF, DKIM, DMARC and ARC of arriving mail; without it no verdicts are computed (and no sender is refused). */
  senderAuth?: SenderAuthenticator;
  submissions: JobSubmissionService;
  clock: Clock;
  ids: IdGenerator;
  options: InboundMailOptions;
  onUnexpectedError?: (error: Error, messageId: string) => void;
  /** Makes committed rows durable on disk where a commit alone does not (embedded databases). */
  syncCommitted?: () => Promise<void>;
  /** What other contexts do when a message finishes (notifications, for one); run in order. */
  hooks?: readonly MessageHooks[];
}
