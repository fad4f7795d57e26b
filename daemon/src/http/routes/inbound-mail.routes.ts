import { z } from 'zod';
import { ENVIRONMENTS } from '@intake/core';
import {
  INBOUND_MESSAGE_STATUSES,
  TRIAGE_STATUSES,
  ResolveTriageSchema,
  SKIP_REASON_CODES,
  type InboundMailService,
  type InboundMessageRecord,
  type TriageItemRecord,
} from '@intake/core/email';
import { authErrors, ErrorBodySchema, pageQuery } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';
import { SenderAuthenticationSchema } from './sender-authentication.schema.js';
import { testPrefix, type PrefixTestEndpoint } from '../email-ingestion-test.js';
import { EmailIngestionTestSchema } from '../schemas/email-ingestion-test.schemas.js';

const ClassificationSchema = z
  .object({
    documentType: z.string(),
    confidence: z.number(),
    source: z.enum(['override', 'classifier', 'default', 'routing', 'reviewer']),
    decision: z.enum(['process', 'process_flagged', 'review', 'review_failed']),
    reasoning: z.string(),
    keyIndicators: z.array(z.string()).optional(),
    detectedVendor: z.string().optional().describe('The issuing party read on the document'),
    detectedCustomer: z.string().optional().describe('The addressed party read on the document'),
  })
  .meta({ id: 'AttachmentClassification' });

const OutcomeSchema = z
  .object({
    index: z.number().int(),
    filename: z.string().describe('Sanitised: a base name without path, control characters or leading dots'),
    original_filename: z.string().nullable(),
    declared_type: z.string(),
    detected_type: z.string().nullable().describe('Decided by the content (magic bytes)'),
    size_bytes: z.number().int(),
    inline: z.boolean(),
    status: z.enum(['job_created', 'skipped', 'awaiting_review']),
    job_id: z.string().nullable(),
    reason: z.object({ code: z.enum(SKIP_REASON_CODES), message: z.string() }).nullable(),
    review_id: z.string().nullable().optional(),
    classification: ClassificationSchema.nullable().optional(),
  })
  .meta({ id: 'AttachmentOutcome' });

const MODE = z.enum(ENVIRONMENTS).describe("live for mail received by SMTP; the caller's mode for the test endpoint");
const MessageSchema = z
  .object({
    id: z.string(),
    mode: MODE,
    prefix: z.string(),
    tag: z.string().nullable(),
    recipient: z.string(),
    envelope_from: z.string().nullable(),
    from: z.string().nullable(),
    subject: z.string().nullable(),
    message_id_header: z.string().nullable(),
    size_bytes: z.number().int(),
    source: z.enum(['smtp', 'imap', 'test']),
    status: z.enum(INBOUND_MESSAGE_STATUSES),
    attempts: z.number().int(),
    attachments: z.array(OutcomeSchema),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    sender_authentication: SenderAuthenticationSchema,
    received_at: z.string(),
    processed_at: z.string().nullable(),
  })
  .meta({ id: 'InboundMessage' });

const ListQuery = z.object({ prefix: z.string().optional(), ...pageQuery(100) });
const ListResponse = z
  .object({
    messages: z.array(MessageSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'InboundMessageList' });
const IdParams = z.object({ message_id: z.string() });
const TestResult = z
  .object({
    emailPrefix: z.string(),
    simulateOnly: z.boolean(),
    classification: ClassificationSchema.nullable(),
    extractor: z
      .object({ id: z.string(), name: z.string(), matchedBy: z.enum(['mapping', 'document_type']) })
      .nullable(),
    attachment: OutcomeSchema,
    messageId: z.string().nullable(),
    jobId: z.string().nullable(),
    reviewId: z.string().nullable(),
    routing: z
      .record(z.string(), z.unknown())
      .describe(
        'What the routing rules decide: the final decision when the extraction finished within the wait, else on arrival',
      ),
    duplicate: z
      .object({
        of: z.string(),
        matched: z.array(z.string()),
        action: z.enum(['reject', 'flag', 'process']),
        detectedAt: z.enum(['arrival', 'extraction']),
      })
      .nullable()
      .describe(
        'The duplicate verdict (an identical file on arrival, or the match fields after extraction); null when none',
      ),
    extraction: z
      .object({
        job_id: z.string(),
        status: z.string(),
        extracted_data: z.record(z.string(), z.unknown()).nullable(),
        confidence: z.record(z.string(), z.number()).nullable(),
        needs_review: z.boolean(),
        validation_errors: z.array(z.unknown()),
        error_details: z.unknown(),
        blocked_on_credits: z.boolean(),
      })
      .nullable()
      .describe(
        'Without simulateOnly: the job as it was when it finished, or when TEST_EXTRACTION_WAIT_MS passed (queued or processing: poll the job); at once, queued, on a daemon with WORKER_CONCURRENCY=0',
      ),
  })
  .meta({ id: 'EmailIngestionTestResult' });

/** The API's view of a message: no lease or blob internals. */
export const toMessageView = (m: InboundMessageRecord): z.infer<typeof MessageSchema> => ({
  id: m.id,
  mode: m.environment,
  prefix: m.prefix,
  tag: m.tag,
  recipient: m.recipient,
  envelope_from: m.envelope_from,
  from: m.from_address,
  subject: m.subject,
  message_id_header: m.message_id_header,
  size_bytes: m.size_bytes,
  source: m.source,
  status: m.status,
  attempts: m.attempts,
  attachments: m.outcomes,
  error: m.error,
  sender_authentication: m.sender_authentication ?? null,
  received_at: m.received_at,
  processed_at: m.processed_at,
});

const ReviewItemSchema = z
  .object({
    id: z.string(),
    mode: MODE,
    prefix: z.string(),
    message_id: z.string(),
    attachment_index: z.number().int(),
    filename: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    classification: z.object({
      documentType: z.string(),
      confidence: z.number(),
      reasoning: z.string(),
      detectedVendor: z.string().optional(),
      detectedCustomer: z.string().optional(),
      keyIndicators: z.array(z.string()),
    }),
    classification_failed: z.boolean().describe("Below humanReview: the prefix's defaultDocumentType is proposed"),
    proposed_type: z.string(),
    from: z.string().nullable(),
    subject: z.string().nullable(),
    status: z.enum(TRIAGE_STATUSES),
    resolved_type: z.string().nullable(),
    job_id: z.string().nullable(),
    resolved_by: z.string().nullable(),
    resolved_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ReviewItem' });
const ReviewQuery = z.object({
  status: z.enum(TRIAGE_STATUSES).optional(),
  prefix: z.string().optional(),
  ...pageQuery(100),
});
const ReviewList = z
  .object({ items: z.array(ReviewItemSchema), total: z.number().int() })
  .meta({ id: 'ReviewItemList' });
const ReviewParams = z.object({ review_id: z.string() });

const toReviewView = (r: TriageItemRecord): z.infer<typeof ReviewItemSchema> => ({
  id: r.id,
  mode: r.environment,
  prefix: r.prefix,
  message_id: r.message_id,
  attachment_index: r.attachment_index,
  filename: r.filename,
  mime_type: r.mime_type,
  size_bytes: r.size_bytes,
  classification: r.classification,
  classification_failed: r.classification_failed,
  proposed_type: r.proposed_type,
  from: r.from_address,
  subject: r.subject,
  status: r.status,
  resolved_type: r.resolved_type,
  job_id: r.job_id,
  resolved_by: r.resolved_by,
  resolved_at: r.resolved_at,
  created_at: r.created_at,
});

const tag = 'email-ingestion';

export function inboundMailRoutes(svc: InboundMailService, options: PrefixTestEndpoint): RouteDef[] {
  return [...messageRoutes(svc), prefixTestRoute(svc, options), ...triageRoutes(svc, options)];
}

/** The log of received messages and what became of their attachments. */
function messageRoutes(svc: InboundMailService): RouteDef[] {
  return [
    defineRoute<unknown, z.infer<typeof ListQuery>>({
      method: 'get',
      path: '/api/email-ingestion/messages',
      summary: 'Received messages, newest first, with the outcome of every attachment',
      tag,
      scope: 'email_ingestion:read',
      query: ListQuery,
      responses: { 200: { description: 'A page of messages', schema: ListResponse }, ...authErrors },
      handler: async ({ auth, query }) => {
        const { limit, offset, prefix } = query;
        const page = await svc.listMessages(auth.orgId, auth.environment, prefix ? { prefix } : {}, { limit, offset });
        return { status: 200, body: { messages: page.items.map(toMessageView), total: page.total, limit, offset } };
      },
    }),
    defineRoute<unknown, unknown, z.infer<typeof IdParams>>({
      method: 'get',
      path: '/api/email-ingestion/messages/{message_id}',
      summary: 'One received message',
      tag,
      scope: 'email_ingestion:read',
      params: IdParams,
      responses: {
        200: { description: 'The message', schema: MessageSchema },
        404: { description: 'not_found', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ auth, params }) => ({
        status: 200,
        body: toMessageView(await svc.getMessage(auth.orgId, auth.environment, params.message_id)),
      }),
    }),
  ];
}

/** Trying a prefix's steps on a document without sending mail. */
const prefixTestRoute = (svc: InboundMailService, options: PrefixTestEndpoint) =>
  defineRoute({
    method: 'post',
    path: '/api/email-ingestion/test',
    summary: "Run a document through a prefix's steps as if it had arrived by mail",
    tag,
    scope: 'email_ingestion:write',
    body: EmailIngestionTestSchema,
    documentMember: 'testDocument',
    responses: {
      200: { description: 'What happened (or, with simulateOnly, what would happen)', schema: TestResult },
      400: { description: 'invalid_request', schema: ErrorBodySchema },
      404: { description: 'not_found: no such prefix in this organization', schema: ErrorBodySchema },
      ...authErrors,
    },
    handler: async ({ auth, body, document }) => ({
      status: 200,
      body: await testPrefix(svc, options, auth, body, document),
    }),
  });

/** The human review queue of attachments the classifier was unsure of. */
function triageRoutes(svc: InboundMailService, options: PrefixTestEndpoint): RouteDef[] {
  return [
    defineRoute<unknown, z.infer<typeof ReviewQuery>>({
      method: 'get',
      path: '/api/email-ingestion/review',
      summary: 'The human review queue, oldest first (pending unless status says otherwise)',
      tag,
      scope: 'email_ingestion:read',
      query: ReviewQuery,
      responses: { 200: { description: 'A page of review items', schema: ReviewList }, ...authErrors },
      handler: async ({ auth, query }) => {
        const { limit, offset, ...filter } = query;
        const page = await svc.triage.list(auth.orgId, auth.environment, filter, { limit, offset });
        return { status: 200, body: { items: page.items.map(toReviewView), total: page.total } };
      },
    }),
    defineRoute<unknown, unknown, z.infer<typeof ReviewParams>>({
      method: 'post',
      path: '/api/email-ingestion/review/{review_id}/resolve',
      summary: 'Say what a document is (the job is created) or reject it; teaches the classifier',
      tag,
      scope: 'email_ingestion:write',
      params: ReviewParams,
      body: ResolveTriageSchema,
      responses: {
        200: { description: 'The resolved item (with its job_id)', schema: ReviewItemSchema },
        400: {
          description: 'invalid_request: a bad body, or no active extractor for the type',
          schema: ErrorBodySchema,
        },
        404: { description: 'not_found', schema: ErrorBodySchema },
        409: { description: 'conflict: already resolved or rejected', schema: ErrorBodySchema },
        ...authErrors,
      },
      handler: async ({ auth, params, body }) => {
        const item = await svc.triage.resolve(auth.orgId, auth.environment, auth.keyId, params.review_id, body);
        if (item.job_id) options.onJobCreated?.();
        return { status: 200, body: toReviewView(item) };
      },
    }),
  ];
}
