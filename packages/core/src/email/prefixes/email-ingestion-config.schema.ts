import { z } from 'zod';
import { DEFAULT_PROCESSING_TIMEOUT_MS, SUPPORTED_MIME_TYPES } from '../../jobs/index.js';
import { compileSubjectPattern } from './subject-pattern.js';
import { ImapSettingsSchema } from './imap/imap-settings.schema.js';

/** What a prefix does with mail whose sender is not authenticated (`unauthenticated` on its configuration). */
export const UNAUTHENTICATED_POLICIES = ['accept', 'review', 'reject'] as const;
/** One of UNAUTHENTICATED_POLICIES. */
export type UnauthenticatedPolicy = (typeof UNAUTHENTICATED_POLICIES)[number];

/** Local parts the spec keeps for the mail system itself (compared lowercased). */
export const RESERVED_PREFIXES = [
  'admin',
  'support',
  'help',
  'info',
  'noreply',
  'no-reply',
  'donotreply',
  'postmaster',
  'abuse',
  'webmaster',
] as const;
export const PROCESSING_PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export const INTERNAL_NOTIFICATION_EVENTS = [
  'document_received',
  'human_review_needed',
  'erp_sync_failed',
  'payment_details_changed',
] as const;
export const EMAIL_WEBHOOK_EVENTS = [
  'email.received',
  'document.classified',
  'extraction.completed',
  'erp.synced',
  'erp.failed',
] as const;
export const DUPLICATE_ACTIONS = ['reject', 'flag', 'process'] as const;
/** Comparisons an `extracted_amount` routing condition can make against its `value`. */
export const AMOUNT_OPERATORS = [
  'greater_than',
  'greater_than_or_equal',
  'less_than',
  'less_than_or_equal',
  'equals',
] as const;

/** The spec shows four document types and says the list is open: any lowercase snake_case name. */
const documentType = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'must be lowercase snake_case, e.g. vendor_bill, receipt, purchase_order');

/** Stored lowercased: mail addresses are matched case-insensitively, so `AP` and `ap` are one prefix. */
const emailPrefix = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'may hold only letters, digits and hyphens')
  .toLowerCase()
  .refine((p) => !(RESERVED_PREFIXES as readonly string[]).includes(p), {
    message: `is reserved (${RESERVED_PREFIXES.join(', ')})`,
    abort: true,
  });

const email = z.email().max(254);
const unit = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const domain = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$/, 'must be a domain name, e.g. vendor.example');

const httpsUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must be an https:// URL without credentials');

const ConfidenceThresholdsSchema = z
  .strictObject({ autoProcess: unit.default(0.9), reviewFlag: unit.default(0.7), humanReview: unit.default(0.5) })
  .superRefine((t, ctx) => {
    if (t.reviewFlag > t.autoProcess)
      ctx.addIssue({ code: 'custom', path: ['reviewFlag'], message: 'must not be greater than autoProcess' });
    if (t.humanReview > t.reviewFlag)
      ctx.addIssue({ code: 'custom', path: ['humanReview'], message: 'must not be greater than reviewFlag' });
  })
  .meta({ id: 'ConfidenceThresholds' });

const ClassificationOverrideSchema = z
  .strictObject({
    condition: z.union([
      z.strictObject({ senderDomain: domain }),
      z.strictObject({ subjectContains: z.string().min(1).max(500) }),
      z
        .strictObject({ senderAuthenticated: z.boolean() })
        .describe('Matches by the sender authentication verdict (DMARC pass, or SPF or DKIM aligned with From)'),
    ]),
    documentType,
  })
  .meta({ id: 'ClassificationOverride' });

const subjectPattern = z
  .string()
  .min(1)
  .max(1000)
  .superRefine((pattern, ctx) => {
    try {
      compileSubjectPattern(pattern);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `pattern does not compile: ${(error as Error).message}` });
    }
  });

const RoutingConditionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('sender_domain'), value: domain }),
  z.strictObject({ type: z.literal('subject_matches'), pattern: subjectPattern }),
  z
    .strictObject({ type: z.literal('sender_authenticated'), value: z.boolean() })
    .describe('Holds when the verdict equals value; a message without verdicts matches neither true nor false'),
  z.strictObject({
    type: z.literal('extracted_amount'),
    operator: z.enum(AMOUNT_OPERATORS),
    value: z.number().finite(),
  }),
]);

const RoutingActionSchema = z.strictObject({
  assignTo: z.string().min(1).max(200).optional(),
  priority: z.enum(PROCESSING_PRIORITIES).optional(),
  erpSubsidiary: z.string().min(1).max(200).optional(),
  documentType: documentType.optional(),
  autoApprove: z.boolean().optional(),
  requiresApproval: z.boolean().optional(),
  approvers: z.array(email).max(50).optional(),
});

const RoutingRuleSchema = z
  .strictObject({ condition: RoutingConditionSchema, action: RoutingActionSchema })
  .meta({ id: 'RoutingRule' });

const InternalNotificationsSchema = z
  .strictObject({
    recipients: z.array(email).max(50).default([]),
    events: z.array(z.enum(INTERNAL_NOTIFICATION_EVENTS)).default([]),
    digestMode: z.boolean().default(false),
  })
  .meta({ id: 'InternalNotifications' });

const PrefixWebhookSchema = z
  .strictObject({
    url: httpsUrl,
    secret: z.string().min(1).max(500),
    events: z.array(z.enum(EMAIL_WEBHOOK_EVENTS)).min(1),
  })
  .meta({ id: 'EmailIngestionWebhook' });

export const DEFAULT_MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

const AttachmentSettingsSchema = z
  .strictObject({
    maxSizeBytes: z
      .number()
      .int()
      .min(1)
      .max(1024 * 1024 * 1024)
      .default(DEFAULT_MAX_ATTACHMENT_BYTES),
    allowedMimeTypes: z
      .array(z.enum(SUPPORTED_MIME_TYPES))
      .min(1)
      .default([...SUPPORTED_MIME_TYPES]),
    processInlineImages: z.boolean().default(false),
    combineAttachments: z.boolean().default(false),
  })
  .meta({ id: 'AttachmentSettings' });

const SenderNotificationsSchema = z
  .strictObject({
    sendReceiptConfirmation: z.boolean().default(false),
    sendProcessingComplete: z.boolean().default(false),
    sendErrorNotification: z.boolean().default(false),
    notificationFromAddress: email.optional(),
  })
  .meta({ id: 'SenderNotificationSettings' });

const DuplicateDetectionSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    matchFields: z
      .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a field name'))
      .min(1)
      .max(20)
      .default(['invoice_number', 'vendor_name']),
    lookbackHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 366)
      .default(720),
    action: z.enum(DUPLICATE_ACTIONS).default('flag'),
  })
  .meta({ id: 'DuplicateDetectionSettings' });

/** An absent settings object is parsed as `{}`, so its members get their defaults (`prefault`, not `default`). */
const withDefaults = <S extends z.ZodType>(schema: S) => schema.prefault({} as never);

/**
 * The configuration of one inbound prefix, as `POST /api/email-ingestion/config` takes it and as a
 * merged `PATCH` must still satisfy. Every absent optional setting gets the spec's default.
 */
export const EmailIngestionConfigInputSchema = z
  .strictObject({
    emailPrefix,
    defaultDocumentType: documentType,
    autoClassify: z.boolean().default(true),
    erpConnectionId: z.string().min(1).max(200).optional(),
    isActive: z.boolean().default(true),
    confidenceThresholds: withDefaults(ConfidenceThresholdsSchema),
    classificationOverrides: z.array(ClassificationOverrideSchema).max(100).default([]),
    processingPriority: z.enum(PROCESSING_PRIORITIES).default('normal'),
    maxProcessingTimeMs: z.number().int().min(1000).max(3_600_000).default(DEFAULT_PROCESSING_TIMEOUT_MS),
    routingRules: z.array(RoutingRuleSchema).max(100).default([]),
    internalNotifications: withDefaults(InternalNotificationsSchema),
    webhooks: PrefixWebhookSchema.optional(),
    attachments: withDefaults(AttachmentSettingsSchema),
    senderNotifications: withDefaults(SenderNotificationsSchema),
    duplicateDetection: withDefaults(DuplicateDetectionSchema),
    extractors: z
      .record(documentType, z.string().regex(/^ext_[A-Za-z0-9]+$/, 'must be an extractor id (ext_...)'))
      .optional()
      .describe('Document type to extractor id; types not named use the newest active extractor of that type'),
    unauthenticated: z
      .enum(UNAUTHENTICATED_POLICIES)
      .default('accept')
      .describe(
        'Mail whose sender is not authenticated: accept, review (its documents are flagged), or reject (550 5.7.1 at the SMTP edge)',
      ),
    imap: ImapSettingsSchema.optional().describe(
      'A mailbox this prefix also reads over IMAP; the secret is stored encrypted and shown as "********"',
    ),
  })
  .meta({ id: 'EmailIngestionConfigRequest' });

/** A validated configuration with every default filled. */
export type EmailIngestionConfig = z.output<typeof EmailIngestionConfigInputSchema>;

/** A JSON merge patch (RFC 7396) over the configuration; the merged result is validated whole. */
export const EmailIngestionConfigPatchSchema = z
  .record(z.string(), z.unknown())
  .describe('JSON merge patch: members replace, null removes (restoring the default), objects merge, arrays replace')
  .meta({ id: 'EmailIngestionConfigPatch' });

/** What the API answers: the configuration plus its timestamps. */
export const EmailIngestionConfigSchema = z
  .looseObject({
    emailPrefix: z.string(),
    defaultDocumentType: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('The full configuration, every default filled')
  .meta({ id: 'EmailIngestionConfig' });
