/**
 * The front door of inbound/ (mail in: messages, the attachment pipeline): the message records, the
 * hooks other contexts register on finished messages, the pipeline steps triage resumes through, and
 * the sender's domain. Other contexts import these from here, never the files behind.
 */
export type { AttachmentPipeline } from './attachment-pipeline.js';
export type { InboundMailDeps } from './inbound-mail-deps.js';
export type {
  AttachmentClassification,
  AttachmentOutcome,
  InboundMessageRecord,
  InboundMessageResult,
} from './inbound-message.js';
export { documentClassifiedData } from './message-events.js';
export type { MessageHooks } from './message-hooks.js';
export { senderDomain } from './sender-domain.js';
