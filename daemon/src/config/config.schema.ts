import cron from 'node-cron';
import { z } from 'zod';

/** Whole numbers written as plain digits: z.coerce would read " " as 0 and accept 1e3 or 0x50. */
const digits = z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number);
const port = digits.pipe(z.number().int().min(0).max(65535));
const positiveInt = digits.pipe(z.number().int().min(1));

/**
 * Every setting of the daemon, with its default. Values come from the environment, optionally from a
 * file in `config/` first (see load-config.ts); a bad value stops the daemon naming the setting.
 */
export const ConfigSchema = z.object({
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
  EMAIL_DOMAIN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER_CONCURRENCY: digits.pipe(z.number().int().min(1).max(64)).default(2),
  MAX_ATTACHMENT_SIZE_MB: digits.pipe(z.number().int().min(1).max(1024)).default(25),
  PROCESSING_TIMEOUT_MS: positiveInt.default(120_000),
  /** Largest JSON body the API reads, in MB; beyond it 413 payload_too_large. */
  MAX_REQUEST_BODY_MB: digits.pipe(z.number().int().min(1).max(2048)).optional(),
  /** Credits a live job costs per page. */
  CREDITS_PER_PAGE: digits.pipe(z.number().int().min(0).max(1_000_000)).default(1),
  /** Jobs (and their files) older than this many days are removed by a daily run. */
  JOB_RETENTION_DAYS: digits.pipe(z.number().int().min(1).max(36_500)).default(90),
  /** Cron expression of the retention run (daily at 03:15 by default). */
  RETENTION_CRON: z.string().refine((v) => cron.validate(v), 'must be a cron expression, e.g. 15 3 * * *').default('15 3 * * *'),
  /** A worker's claim on a job lasts this long without a heartbeat; a crashed daemon's jobs return after it. */
  JOB_LEASE_MS: digits.pipe(z.number().int().min(500)).default(30_000),
  /** How often idle workers look for new jobs (submissions to this daemon wake them at once). */
  WORKER_POLL_MS: positiveInt.default(1000),
  /** Lifetime of a job's signed document_url. */
  DOCUMENT_URL_TTL_SECONDS: positiveInt.default(3600),
  /** With DATABASE_URL, files go to PostgreSQL unless this names a directory every daemon shares. */
  BLOB_DIR: z.string().min(1).optional(),
  /** OCR workers (tesseract.js) per daemon. */
  OCR_WORKERS: digits.pipe(z.number().int().min(1).max(16)).default(2),
  /** Host names, IP addresses or CIDRs webhooks may reach although they are loopback or private (comma-separated). */
  WEBHOOK_ALLOWED_HOSTS: z.string().default('').transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /** PEM file of extra CAs trusted for webhook receivers (a company CA or a self-signed receiver). */
  WEBHOOK_CA_FILE: z.string().min(1).optional(),
  /** A receiver must answer within this (the spec: 5 s). */
  WEBHOOK_TIMEOUT_MS: digits.pipe(z.number().int().min(100).max(60_000)).default(5000),
  /** Webhook attempts in flight per daemon, and per endpoint. */
  WEBHOOK_CONCURRENCY: digits.pipe(z.number().int().min(1).max(256)).default(16),
  WEBHOOK_ENDPOINT_CONCURRENCY: digits.pipe(z.number().int().min(1).max(64)).default(4),
  /** How often the webhook sender looks for due deliveries when idle. */
  WEBHOOK_POLL_MS: positiveInt.default(500),
  /** Name of the organization created on the first start with an empty database. */
  DEFAULT_ORG_NAME: z.string().min(1).default('Default organization'),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Settings derived from others, computed once. */
export interface ResolvedConfig extends Config {
  PUBLIC_BASE_URL: string;
  /** JSON bodies carry documents base64-encoded (4/3 the size) plus a little JSON around them. */
  MAX_REQUEST_BODY_MB: number;
}

export function resolveConfig(config: Config): ResolvedConfig {
  return {
    ...config,
    PUBLIC_BASE_URL: (config.PUBLIC_BASE_URL ?? `http://localhost:${config.HTTP_PORT}`).replace(/\/+$/, ''),
    MAX_REQUEST_BODY_MB: config.MAX_REQUEST_BODY_MB ?? Math.ceil((config.MAX_ATTACHMENT_SIZE_MB * 4) / 3) + 1,
  };
}
