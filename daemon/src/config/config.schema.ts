import { isIP } from 'node:net';
import os from 'node:os';
import cron from 'node-cron';
import { z } from 'zod';
import { isTrustEntry } from '../http/middleware/trusted-proxies.js';
import { DEFAULT_DOCUMENT_LIMITS, DEFAULT_PROCESSING_TIMEOUT_MS, type DocumentLimits } from '@intake/core';
import { parseDomainList, parseSecretKey } from '@intake/core/email';
import { LIST_COUNT_LIMIT } from '@intake/core/jobs';
import { validateRelayUrl } from '@intake/notifier-smtp/relay-url';
import { base64EnvelopeMb, sizeLimits, type SizeLimits } from './limits.js';
import { DEFAULT_CLIENT_LIMITS, DEFAULT_DATA_TIMEOUT_MS, DEFAULT_SESSION_TIMEOUT_MS } from '../smtp/client-limits.js';
import { DEFAULT_OCR_LANGUAGES, DEFAULT_OTHER_OCR_LANGUAGES } from '@intake/ocr-tesseract/languages';
import { missingLanguageModels } from './language-models.js';
import { DEFAULT_PDF_BUDGET, type PdfBudget } from '@intake/ocr-tesseract/budget';
import { defaultOcrWorkers } from '../reading/default-ocr-workers.js';

/** Whole numbers written as plain digits: z.coerce would read " " as 0 and accept 1e3 or 0x50. */
const digits = z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number);
const port = digits.pipe(z.number().int().min(0).max(65535));
const positiveInt = digits.pipe(z.number().int().min(1));

const CODES = '[a-z]{3}(?:_[a-z]+)?(?:\\+[a-z]{3}(?:_[a-z]+)?)*';

/**
 * Tesseract language codes joined by "+" (or `none`, where allowed), each model checked: a missing
 * one fails at start, with what to install, not on the first scanned page.
 */
const languageCodes = (defaults: readonly string[], example: string, { none = false } = {}) =>
  z
    .string()
    .regex(
      new RegExp(none ? `^(?:none|${CODES})$` : `^${CODES}$`, 'u'),
      `tesseract language codes joined by "+", such as ${example}${none ? ', or none' : ''}`,
    )
    .superRefine((value, ctx) => {
      for (const message of none && value === 'none' ? [] : missingLanguageModels(value))
        ctx.addIssue({ code: 'custom', message });
    })
    .default(defaults.join('+'));

/** Every setting of the daemon, with its default (ConfigSchema adds the checks across settings). */
const Settings = z.object({
  HTTP_PORT: port.default(8080),
  /** Address the HTTP API listens on. */
  HTTP_HOST: z.string().min(1).default('0.0.0.0'),
  SMTP_PORT: port.default(2525),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** How clients reach this daemon; used for absolute links. Defaults to http://localhost:HTTP_PORT. */
  PUBLIC_BASE_URL: z.url().optional(),
  /** Domains the SMTP edge receives for: one, or a comma-separated list (default localhost, for trying it out). */
  EMAIL_DOMAIN: z.string().min(1).default('localhost'),
  /** Address the SMTP edge listens on. */
  SMTP_HOST: z.string().min(1).default('0.0.0.0'),
  /** Largest message in MB (the whole MIME text, attachments base64-encoded); default derives from MAX_ATTACHMENT_SIZE_MB. */
  SMTP_MAX_MESSAGE_MB: digits.pipe(z.number().int().min(1).max(2048)).optional(),
  SMTP_MAX_RECIPIENTS: digits.pipe(z.number().int().min(1).max(1000)).default(50),
  SMTP_MAX_CONNECTIONS: digits.pipe(z.number().int().min(1).max(10_000)).default(100),
  /** A message with more MIME parts is refused (554 5.6.0). */
  SMTP_MAX_MIME_PARTS: digits.pipe(z.number().int().min(1).max(100_000)).default(200),
  /** A message with a longer line is refused (554 5.6.0); RFC 5322 says 998, mailers exceed it. */
  SMTP_MAX_LINE_BYTES: digits.pipe(z.number().int().min(998).max(10_485_760)).default(4096),
  /** SMTP connections open at once from one client address; more get 421 4.7.0. */
  SMTP_MAX_CONNECTIONS_PER_CLIENT: digits
    .pipe(z.number().int().min(1).max(10_000))
    .default(DEFAULT_CLIENT_LIMITS.maxConnections),
  /** Messages (MAIL FROM) one client address may start in any 60 s; more get 451 4.7.1. */
  SMTP_MAX_MESSAGES_PER_CLIENT_PER_MINUTE: digits
    .pipe(z.number().int().min(1).max(1_000_000))
    .default(DEFAULT_CLIENT_LIMITS.maxMessagesPerMinute),
  /** Recipients (RCPT TO, refused ones too) one client address may name in any 60 s; more get 452 4.7.1. */
  SMTP_MAX_RECIPIENTS_PER_CLIENT_PER_MINUTE: digits
    .pipe(z.number().int().min(1).max(1_000_000))
    .default(DEFAULT_CLIENT_LIMITS.maxRecipientsPerMinute),
  /** Longest an SMTP connection may stay open, however active; then 421 4.7.0. */
  SMTP_SESSION_TIMEOUT_MS: digits.pipe(z.number().int().min(1000).max(86_400_000)).default(DEFAULT_SESSION_TIMEOUT_MS),
  /** Longest from DATA's 354 to the end of the message; then 421 4.7.0 and the message is not accepted. */
  SMTP_DATA_TIMEOUT_MS: digits.pipe(z.number().int().min(1000).max(86_400_000)).default(DEFAULT_DATA_TIMEOUT_MS),
  /** PEM certificate and key: with both, the SMTP edge offers STARTTLS; reloaded when the files change. */
  SMTP_TLS_CERT: z.string().min(1).optional(),
  SMTP_TLS_KEY: z.string().min(1).optional(),
  /** MAIL FROM before STARTTLS gets 530 5.7.0 (needs SMTP_TLS_CERT and SMTP_TLS_KEY). */
  SMTP_REQUIRE_TLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A graceful stop waits this long for SMTP transactions in progress. */
  SMTP_DRAIN_MS: digits.pipe(z.number().int().min(0).max(600_000)).default(30_000),
  /** Loops per daemon that turn stored messages into jobs. */
  MAIL_WORKER_CONCURRENCY: digits.pipe(z.number().int().min(1).max(64)).default(2),
  /** A mail worker's claim on a message; a crashed daemon's messages return after it. */
  MAIL_LEASE_MS: digits.pipe(z.number().int().min(500)).default(60_000),
  /**
   * The longest a mail worker waits, per message, for the SMTP edge to have no transaction in flight
   * before claiming its next message (0: never waits). See MailWorkers.
   */
  MAIL_YIELD_MS: digits.pipe(z.number().int().min(0).max(60_000)).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines when stdout is a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /**
   * Loops per daemon that claim and run jobs. 0: the daemon accepts documents and mail and queues
   * their jobs but claims none (a front daemon beside processing daemons on one PostgreSQL, or a
   * daemon drained of processing for maintenance).
   */
  WORKER_CONCURRENCY: digits.pipe(z.number().int().min(0).max(64)).default(2),
  MAX_ATTACHMENT_SIZE_MB: digits.pipe(z.number().int().min(1).max(1024)).default(25),
  PROCESSING_TIMEOUT_MS: positiveInt.default(DEFAULT_PROCESSING_TIMEOUT_MS),
  /** A document with more pages is refused (413 at upload; the attachment skipped for mail), before it is stored. */
  MAX_PAGES_PER_DOCUMENT: digits.pipe(z.number().int().min(1).max(100_000)).default(DEFAULT_DOCUMENT_LIMITS.maxPages),
  /** A PDF page larger than this many pixels at 300 dpi fails its job (document_too_large) before anything is rendered. */
  MAX_PIXELS_PER_PAGE: digits
    .pipe(z.number().int().min(1_000_000).max(1_000_000_000))
    .default(DEFAULT_DOCUMENT_LIMITS.maxPagePixels),
  /** An image (or TIFF page) with more pixels fails its job (document_too_large) before it is decoded. */
  MAX_PIXELS_PER_IMAGE: digits
    .pipe(z.number().int().min(1_000_000).max(1_000_000_000))
    .default(DEFAULT_DOCUMENT_LIMITS.maxImagePixels),
  /**
   * A PDF whose compressed streams inflate to more than this many MB (all together) fails its job
   * (document_too_large) before it is parsed; the default, 512, is far above any real invoice.
   */
  MAX_DECOMPRESSED_MB: digits
    .pipe(z.number().int().min(1).max(65_536))
    .default(DEFAULT_DOCUMENT_LIMITS.maxDecompressedBytes / 1024 / 1024),
  /** The JavaScript heap of one PDF thread; a document needing more fails (document_too_large). */
  PDF_WORKER_MEMORY_MB: digits.pipe(z.number().int().min(64).max(16_384)).default(DEFAULT_PDF_BUDGET.memoryMb),
  /** The longest one step of reading a PDF (opening it, one page, one picture) may run in its thread. */
  PDF_WORKER_TIMEOUT_MS: digits.pipe(z.number().int().min(100).max(600_000)).default(DEFAULT_PDF_BUDGET.stepTimeoutMs),
  /** Largest JSON body of the email test endpoint, in MB (other bodies without a document: 1 MB); beyond it 413 payload_too_large. */
  MAX_REQUEST_BODY_MB: digits.pipe(z.number().int().min(1).max(2048)).optional(),
  /** Credits a live job costs per page. */
  CREDITS_PER_PAGE: digits.pipe(z.number().int().min(0).max(1_000_000)).default(1),
  /** Jobs (and their files) older than this many days are removed by a daily run. */
  JOB_RETENTION_DAYS: digits.pipe(z.number().int().min(1).max(36_500)).default(90),
  /** Cron expression of the retention run (daily at 03:15 by default). */
  RETENTION_CRON: z
    .string()
    .refine((v) => cron.validate(v), 'must be a cron expression, e.g. 15 3 * * *')
    .default('15 3 * * *'),
  /** A worker's claim on a job lasts this long without a heartbeat; a crashed daemon's jobs return after it. */
  JOB_LEASE_MS: digits.pipe(z.number().int().min(500)).default(30_000),
  /** How often idle workers look for new jobs (submissions to this daemon wake them at once). */
  WORKER_POLL_MS: positiveInt.default(1000),
  /** Lifetime of a job's signed document_url. */
  DOCUMENT_URL_TTL_SECONDS: positiveInt.default(3600),
  /** How many matches GET /v1/documents counts one by one (a search, say) before answering "at least" (total_capped). */
  REGISTER_COUNT_LIMIT: digits.pipe(z.number().int().min(1).max(10_000_000)).default(LIST_COUNT_LIMIT),
  /** With DATABASE_URL, files go to PostgreSQL unless this names a directory every daemon shares. */
  BLOB_DIR: z.string().min(1).optional(),
  /** OCR threads per engine; `auto` (the default) from the machine's cores and memory (default-ocr-workers.ts). */
  OCR_WORKERS: z
    .union([z.literal('auto'), digits.pipe(z.number().int().min(1).max(16))])
    .default('auto')
    .transform((value) => (value === 'auto' ? defaultOcrWorkers(os.availableParallelism(), os.totalmem()) : value)),
  /** The OCR engine for images (and, with OCR_ENGINE_PAGES=scans, scanned PDF pages): tesseract or PaddleOCR. */
  OCR_ENGINE: z.enum(['tesseract', 'paddle']).default('paddle'),
  /** Which pages OCR_ENGINE=paddle reads: images only, or scanned PDF pages as well. */
  OCR_ENGINE_PAGES: z.enum(['images', 'scans']).default('images'),
  /**
   * The reader process, or an OCR worker or PDF thread in it, idle this long is ended with its memory (0: kept);
   * the next page starts one again. 45 s: the reader process and its memory are gone within a minute of going idle.
   */
  OCR_IDLE_RELEASE_MS: digits.pipe(z.number().int().min(0).max(86_400_000)).default(45_000),
  /**
   * The daemon's and its reader process's resident memory together: the reader runs an OCR page or opens a
   * PDF beside others only while that plus what one of its kind has cost stays within this many MB; one
   * alone runs too unless opened PDFs hold the room (0: threads alone bound it). See docs/resources.md.
   */
  MEMORY_BUDGET_MB: digits.pipe(z.number().int().min(0).max(1_048_576)).default(700),
  /** Tesseract's languages, `+`-separated as tesseract writes them (each needs `@tesseract.js-data/<code>`). */
  OCR_LANGUAGES: languageCodes(DEFAULT_OCR_LANGUAGES, 'eng+deu'),
  /**
   * Languages a scanned page or image is read again in when its words, read in OCR_LANGUAGES, are in
   * one of them (`+`-separated; `none`: every page read once). Each needs `@tesseract.js-data/<code>`.
   */
  OCR_OTHER_LANGUAGES: languageCodes(DEFAULT_OTHER_OCR_LANGUAGES, 'fra+spa', { none: true }),
  /** Host names, IP addresses or CIDRs webhooks may reach although they are loopback or private (comma-separated). */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Development only: also accept http://localhost (127.0.0.1, [::1]) webhook receivers, without TLS. Off by default. */
  WEBHOOKS_ALLOW_LOCALHOST: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** PEM file of extra CAs trusted for webhook receivers (a company CA or a self-signed receiver). */
  WEBHOOK_CA_FILE: z.string().min(1).optional(),
  /** A receiver must answer within this (the spec: 5 s). */
  WEBHOOK_TIMEOUT_MS: digits.pipe(z.number().int().min(100).max(60_000)).default(5000),
  /** Webhook attempts in flight per daemon, and per endpoint. */
  WEBHOOK_CONCURRENCY: digits.pipe(z.number().int().min(1).max(256)).default(16),
  WEBHOOK_ENDPOINT_CONCURRENCY: digits.pipe(z.number().int().min(1).max(64)).default(4),
  /** How often the webhook sender looks for due deliveries when idle. */
  WEBHOOK_POLL_MS: positiveInt.default(500),
  /** The five waits after failed attempts 1 to 5 (comma-separated ms); unset, the spec's 5 s, 30 s, 2 min, 10 min, 1 h. */
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map(Number),
    )
    .refine(
      (list) => list === undefined || (list.length === 5 && list.every((n) => Number.isInteger(n) && n >= 0)),
      'must be five comma-separated millisecond counts (the waits after attempts 1 to 5)',
    ),
  /** Outbound relay for notification mail, e.g. smtp://127.0.0.1:25; without it notifications are recorded as failed. */
  SMTP_RELAY_URL: z
    .string()
    .trim()
    .min(1)
    .superRefine((value, ctx) => {
      const problem = validateRelayUrl(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  /** Cron expression of the daily digest of internal notifications (08:00 server time by default). */
  DIGEST_CRON: z
    .string()
    .refine((v) => cron.validate(v), 'must be a cron expression, e.g. 0 8 * * *')
    .default('0 8 * * *'),
  /** How often idle notification workers look for job events and due notifications. */
  NOTIFICATION_POLL_MS: positiveInt.default(1000),
  /** How often idle ERP workers look for vendor bills due to be sent. */
  ERP_POLL_MS: positiveInt.default(1000),
  /** Waits before the 2nd, 3rd, ... attempt to send a record to an ERP (comma-separated ms); after the last, the sync fails. */
  ERP_RETRY_DELAYS_MS: z
    .string()
    .default('60000,300000,1800000,7200000')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number),
    )
    .refine(
      (list) => list.length <= 20 && list.every((n) => Number.isInteger(n) && n >= 0),
      'must be a comma-separated list of at most 20 millisecond counts',
    ),
  /** The longest the test endpoint waits for a job's extraction before answering (it answers with the job as it is then). */
  TEST_EXTRACTION_WAIT_MS: digits.pipe(z.number().int().min(0).max(600_000)).default(60_000),
  /** The web dashboard at / on the HTTP port (and its session sign-in): on, or off. */
  DASHBOARD: z.enum(['on', 'off']).default('on'),
  /** A dashboard session unused this long ends (minutes). */
  DASHBOARD_SESSION_IDLE_MINUTES: digits.pipe(z.number().int().min(1).max(10_080)).default(30),
  /** A dashboard session ends this long after sign-in, however much it is used (hours). */
  DASHBOARD_SESSION_MAX_HOURS: digits.pipe(z.number().int().min(1).max(720)).default(12),
  /**
   * Bearer token that lets clients other than loopback read GET /metrics; unset, only loopback
   * clients may. At least 16 characters: it guards figures about every organization's traffic.
   */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** Adds an `org` label (the organization id) to the job and credit metrics: off, or on (one series per organization). */
  METRICS_ORG_LABELS: z.enum(['on', 'off']).default('off'),
  /**
   * Reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: a comma-separated list of
   * addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`. Empty: none is.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .refine((entries) => entries.every(isTrustEntry), {
      message: 'each entry must be an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal',
    }),
  /** 32 random bytes (64 hex digits or base64) that encrypt stored secrets: prefixes' IMAP passwords and tokens. */
  SECRET_KEY: z
    .string()
    .trim()
    .refine(
      (v) => parseSecretKey(v) !== null,
      'must be 32 bytes written as 64 hex digits or base64 (openssl rand -hex 32)',
    )
    .optional(),
  /** A daemon's hold on a prefix's IMAP mailbox lasts this long unless renewed; another daemon takes over after it. */
  IMAP_LEASE_MS: digits.pipe(z.number().int().min(1000).max(3_600_000)).default(60_000),
  /**
   * DNS servers for sender authentication (SPF, DKIM, DMARC), comma-separated `host` or `host:port`
   * (`[v6]:port`); empty: the system's (/etc/resolv.conf).
   */
  DNS_SERVERS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isDnsServer), {
      message: 'each entry must be an IP address, optionally with a port: 127.0.0.1:53, [::1]:53',
    }),
  /** One DNS lookup's attempt times out after this; a lookup makes two attempts. */
  DNS_TIMEOUT_MS: digits.pipe(z.number().int().min(50).max(60_000)).default(2000),
  /** The whole sender check of one message; past it every verdict is temperror. */
  SENDER_AUTH_TIMEOUT_MS: digits.pipe(z.number().int().min(100).max(120_000)).default(10_000),
  /** Name of the organization created on the first start with an empty database. */
  DEFAULT_ORG_NAME: z.string().min(1).default('Default organization'),
});

/**
 * Every setting of the daemon, with its default. Values come from the environment, optionally from a
 * file in `config/` first (see load-config.ts); a bad value stops the daemon naming the setting.
 */
export const ConfigSchema = Settings.superRefine((config, ctx) => {
  // One TLS file without the other would silently mean no STARTTLS.
  if (Boolean(config.SMTP_TLS_CERT) !== Boolean(config.SMTP_TLS_KEY)) {
    const missing = config.SMTP_TLS_CERT ? 'SMTP_TLS_KEY' : 'SMTP_TLS_CERT';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'SMTP_TLS_CERT and SMTP_TLS_KEY go together' });
  }
  if (config.SMTP_REQUIRE_TLS && !config.SMTP_TLS_CERT) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_REQUIRE_TLS'],
      message: 'needs SMTP_TLS_CERT and SMTP_TLS_KEY (there is no STARTTLS without them)',
    });
  }
});

export type Config = z.infer<typeof ConfigSchema>;

/** Settings derived from others, computed once. */
export interface ResolvedConfig extends Config {
  PUBLIC_BASE_URL: string;
  /** JSON bodies carry documents base64-encoded (4/3 the size) plus a little JSON around them. */
  MAX_REQUEST_BODY_MB: number;
  /** Base64 makes an attachment 4/3 its size; a megabyte more for the text and headers around it. */
  SMTP_MAX_MESSAGE_MB: number;
  /** EMAIL_DOMAIN as a lowercase list. */
  EMAIL_DOMAINS: string[];
  /** The size limits in bytes, derived here once (see limits.ts). */
  limits: SizeLimits;
}

/** The reader's limits from MAX_PAGES_PER_DOCUMENT, MAX_PIXELS_PER_PAGE, MAX_PIXELS_PER_IMAGE and MAX_DECOMPRESSED_MB. */
export function documentLimits(config: Config): DocumentLimits {
  return {
    maxPages: config.MAX_PAGES_PER_DOCUMENT,
    maxPagePixels: config.MAX_PIXELS_PER_PAGE,
    maxImagePixels: config.MAX_PIXELS_PER_IMAGE,
    maxDecompressedBytes: config.MAX_DECOMPRESSED_MB * 1024 * 1024,
  };
}

/** What one PDF thread may use, from PDF_WORKER_MEMORY_MB and PDF_WORKER_TIMEOUT_MS; idle, it ends as OCR threads do. */
export function pdfBudget(config: Config): PdfBudget {
  return {
    memoryMb: config.PDF_WORKER_MEMORY_MB,
    stepTimeoutMs: config.PDF_WORKER_TIMEOUT_MS,
    idleReleaseMs: config.OCR_IDLE_RELEASE_MS,
  };
}

/** The settings with the derived ones filled in: what every part of the daemon receives. */
export function resolveConfig(config: Config): ResolvedConfig {
  const envelopeMb = base64EnvelopeMb(config.MAX_ATTACHMENT_SIZE_MB);
  const sizes = {
    MAX_ATTACHMENT_SIZE_MB: config.MAX_ATTACHMENT_SIZE_MB,
    MAX_REQUEST_BODY_MB: config.MAX_REQUEST_BODY_MB ?? envelopeMb,
    SMTP_MAX_MESSAGE_MB: config.SMTP_MAX_MESSAGE_MB ?? envelopeMb,
  };
  return {
    ...config,
    ...sizes,
    PUBLIC_BASE_URL: (config.PUBLIC_BASE_URL ?? `http://localhost:${config.HTTP_PORT}`).replace(/\/+$/, ''),
    EMAIL_DOMAINS: parseDomainList(config.EMAIL_DOMAIN),
    limits: sizeLimits(sizes),
  };
}

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`: what Node's resolver takes in setServers. */
function isDnsServer(entry: string): boolean {
  if (isIP(entry)) return true;
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(entry);
  if (!match) return false;
  const port = Number(match[3]);
  const host = match[1] ?? match[2]!;
  return port >= 1 && port <= 65535 && (match[1] ? isIP(host) === 6 : isIP(host) === 4);
}
