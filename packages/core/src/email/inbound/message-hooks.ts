import type { IntakeStores } from '../../ports/intake-stores.port.js';
import type { EmailIngestionConfig } from '../prefixes/index.js';
import type { InboundMessageRecord, InboundMessageResult } from './inbound-message.js';

/** A processed message, as hooks see it when it is about to be recorded finished. */
export interface FinishedMessage {
  record: InboundMessageRecord;
  result: InboundMessageResult;
  /** The prefix's configuration (hooks run only while the prefix exists). */
  config: EmailIngestionConfig;
  /** Header fields (lowercase names); null when the message could not be read at all. */
  headers: Readonly<Record<string, string>> | null;
  /** From of a message the parser could not read, from its raw header. */
  fallbackFrom: string | null;
  /** When the message is recorded finished, ISO 8601. */
  at: string;
}

/** The stores a hook writes to in the transaction that finishes a message. */
export type MessageHookStores = Pick<IntakeStores, 'notifications'>;

/** What a hook decided about a finished message: writes that commit with it, and what to do once they have. */
export interface MessageFinishedDecision {
  /** Runs inside the finishing transaction, only when this worker still holds the message. */
  write(tx: MessageHookStores): Promise<void>;
  /** After the transaction committed (for example, waking the workers that act on the writes). */
  afterCommit?(): void;
}

/**
 * What other contexts do when a message finishes, registered on the inbound service (see
 * `createInboundMail`): the service runs them and knows nothing of what they are for.
 * `onFinished` decides outside the transaction, from the message alone; null means nothing to
 * write. A hook that throws is reported (`onUnexpectedError`) and its decision dropped: no hook is
 * worth losing the message's result over.
 */
export interface MessageHooks {
  onFinished?(message: FinishedMessage): MessageFinishedDecision | null;
}
