/**
 * The handbook's generated reference tables (`npm run docs:generate` writes them between marker
 * comments: the settings in docs/configuration.md, the errors in docs/api/errors.md;
 * test/docs/generated.test.ts fails when a file differs). The settings come from the daemon's
 * config schema (names, order, defaults), the error table from daemon/src/http/error-status.ts
 * (statuses); the prose for each is here, typed so that a new setting or error code without a
 * description does not compile.
 */
import path from 'node:path';
import { ERROR_CODES, JOB_FAILURE_CODES, REQUEST_ERROR_CODES, type ErrorCode } from '@intake/core';
import { ConfigSchema, type Config } from '@intake/daemon';
import { httpStatusOf } from '../../daemon/src/http/error-status.js';

/** What each setting does: the Meaning column. */
const SETTING_MEANINGS: Record<keyof Config, string> = {
  HTTP_PORT: 'HTTP API port (`0` picks a free one)',
  HTTP_HOST: 'address the HTTP API listens on',
  SMTP_PORT: 'the SMTP email gateway (`0` picks a free one)',
  SMTP_HOST: 'address the SMTP gateway listens on',
  DATA_DIR: 'embedded database (`DATA_DIR/pglite`), admin secret, lock',
  DATABASE_URL: '`postgres://...`: use a PostgreSQL server instead of PGlite',
  PUBLIC_BASE_URL: 'how clients reach the daemon (absolute links)',
  EMAIL_DOMAIN: 'domain(s) the gateway receives for, comma-separated; mail for any other domain is refused (550 5.7.1)',
  SMTP_MAX_MESSAGE_MB: 'largest message (attachments travel base64-encoded); advertised as `SIZE`',
  SMTP_DRAIN_MS: 'on stop, how long SMTP transactions in progress may take to finish',
  MAIL_YIELD_MS:
    'longest a mail worker waits, per message, for SMTP transactions in flight to end before claiming its next message (`0`: never waits; see "Email gateway")',
  LOG_LEVEL: '`fatal` `error` `warn` `info` `debug` `trace` `silent`',
  TRUSTED_PROXIES:
    'comma-separated addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`: the reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (the client address for sign-in limits and logs, the protocol for the sign-in origin check); empty: none',
  LOG_FORMAT:
    '`auto` (readable lines when stdout is a terminal, JSON lines (pino) otherwise), `json` or `pretty`; see docs/operations.md, Logs',
  WORKER_CONCURRENCY:
    'document workers per daemon; `0`: the daemon takes documents and mail and queues their jobs but runs none (see "Job workers" below)',
  MAX_ATTACHMENT_SIZE_MB: 'largest document accepted',
  PROCESSING_TIMEOUT_MS: "longest a document may take (a prefix's `maxProcessingTimeMs` can only shorten it)",
  MAX_PAGES_PER_DOCUMENT:
    'a document with more pages is refused: 413 `document_too_large` at upload, the attachment skipped for mail (see "Reading and extraction")',
  MAX_PIXELS_PER_PAGE:
    'a PDF page larger than this at 300 dpi (A2 is 34.8 million) fails its job with `document_too_large` before anything is rendered',
  MAX_PIXELS_PER_IMAGE:
    'an image (each TIFF page) with more pixels fails its job with `document_too_large` before it is decoded',
  MAX_DECOMPRESSED_MB:
    'a PDF whose compressed streams inflate to more than this (all together) fails its job with `document_too_large` before it is parsed (see docs/security/documents.md)',
  PDF_WORKER_MEMORY_MB:
    'JavaScript heap of each thread PDFs are parsed and rendered in; a PDF needing more fails with `document_too_large` and the thread is replaced',
  PDF_WORKER_TIMEOUT_MS:
    'longest one step of reading a PDF (opening it, one page, one page picture) may run in its thread; past it the thread is ended and the PDF fails with `document_too_large`',
  MAX_REQUEST_BODY_MB:
    'largest JSON body of the email test endpoint (its document travels base64-encoded); other JSON bodies without a document are at most 1 MB',
  METRICS_TOKEN:
    'bearer token that lets non-loopback clients read `GET /metrics` (at least 16 characters; unset, loopback clients only; see docs/metrics.md)',
  METRICS_ORG_LABELS:
    '`on` adds an `org` label (organization id) to the job and credit metrics: one series per organization',
  DEFAULT_ORG_NAME: 'name of the organization made on the first start',
  CREDITS_PER_PAGE: 'credits a live job costs per page',
  JOB_RETENTION_DAYS: 'jobs and their files older than this are removed',
  RETENTION_CRON: 'when the retention run happens (node-cron syntax)',
  JOB_LEASE_MS: "how long a worker's claim lasts without a heartbeat; a crashed daemon's jobs return after it",
  WORKER_POLL_MS: 'how often idle workers look for jobs (a submission to the same daemon wakes them at once)',
  DOCUMENT_URL_TTL_SECONDS: "lifetime of a job's signed `document_url`",
  REGISTER_COUNT_LIMIT:
    '`GET /v1/documents` counts a `total` it must count match by match (a search, the vendor, source or review filters) up to this many; beyond it `total` is this number and `total_capped` is true (see the documents register)',
  BLOB_DIR: 'with `DATABASE_URL`: a directory all daemons share for original files (default: in PostgreSQL)',
  OCR_WORKERS:
    'OCR worker threads per engine (tesseract.js, and PaddleOCR with `OCR_ENGINE=paddle`), so pages read at once; `auto`: one per core and per 4 GiB of memory, at most 4 (see "Resources")',
  OCR_ENGINE:
    '`paddle`: images (and with `OCR_ENGINE_PAGES=scans` scanned PDF pages) are read by PaddleOCR PP-OCRv4 on onnxruntime: on the development photos 79% of required fields right held out against 68.5% with `tesseract`, at about 2.5 times the CPU per photo; `tesseract` reads every page with tesseract.js (see "Reading and extraction")',
  OCR_ENGINE_PAGES: 'the pages `OCR_ENGINE=paddle` reads: `images`, or `scans` (images and scanned PDF pages)',
  OCR_IDLE_RELEASE_MS:
    'the reader process (OCR and PDF reading) ends after this long without a document, and an OCR worker thread (tesseract.js, PaddleOCR) or PDF thread (pdfjs) idle this long is ended, their memory (models, heap) with them, and the daemon then returns its own free memory; the next document starts them again; the default lets the reader process end, and its memory leave, within a minute of the last document; `0` keeps them for the life of the daemon (see "Resources")',
  MEMORY_BUDGET_MB:
    "the daemon's resident memory and its reader process's together: the reader reads an OCR page (a PDF page's drawing, a thread started for it included) or opens a PDF (its thread started for it) beside others only while that plus what one of its kind has cost (learned from one run alone) stays within this many MB, otherwise it waits for those; one alone runs too, unless PDFs opened and not yet read hold the room (it waits for them), so a single page may pass it; `0`: only `OCR_WORKERS` bounds the pages read at once (see \"Resources\")",
  OCR_LANGUAGES:
    'tesseract\'s languages for scanned PDF pages (and images with `OCR_ENGINE=tesseract`), `+`-separated, the first tried first; `eng` and `deu` are installed, any other code needs `npm install @tesseract.js-data/<code>` (see "Reading and extraction": on the development scans `eng+deu` gets 80.9% of all fields right against 75.1% with `eng`, at about 26% more CPU per scanned page)',
  OCR_OTHER_LANGUAGES:
    'languages a scanned PDF page (or an image with `OCR_ENGINE=tesseract`) is read again in when its words, read in `OCR_LANGUAGES`, are in one of them (franc\'s guess from the words): the page is read a second time in that language and English, and that reading kept; `+`-separated, all five installed; `none`: every page is read once (see "Reading and extraction": the languages, what they cost and what they bought)',
  WEBHOOK_ALLOWED_HOSTS:
    'host names, IPs or CIDRs (comma-separated) webhooks may reach although they are loopback or private',
  WEBHOOK_CA_FILE: 'PEM file of extra CAs to trust for receivers (a company CA, a self-signed receiver)',
  WEBHOOKS_ALLOW_LOCALHOST:
    'development only: `true` also accepts plain `http://localhost` (`127.0.0.1`, `[::1]`) webhook receivers, sent only to loopback addresses; any other `http://` URL stays refused',
  WEBHOOK_TIMEOUT_MS: 'a receiver must answer within this',
  WEBHOOK_POLL_MS:
    'how often the sender looks for new events and for due deliveries (retries, other endpoints) besides the ones it is already sending',
  SMTP_RELAY_URL:
    'outbound relay for notification mail: `smtp://host:port` (STARTTLS when offered) or `smtps://host:port`, optionally `user:password@`, nodemailer options as query parameters (`?ignoreTLS=true`, `?tls.rejectUnauthorized=false`); unset: notifications are recorded and fail at once (see Email notifications)',
  DIGEST_CRON: "when the daily digest of internal notifications is made (node-cron syntax, the server's local time)",
  NOTIFICATION_POLL_MS: 'how often the notification worker looks for job events and due notifications when idle',
  ERP_POLL_MS: 'how often the ERP worker looks for vendor bills due to be sent when idle',
  ERP_RETRY_DELAYS_MS:
    'waits before the 2nd, 3rd, ... attempt to send a record to an ERP; after the last attempt fails the sync is `failed`',
  TEST_EXTRACTION_WAIT_MS:
    "longest `POST /api/email-ingestion/test` waits for the job's extraction before answering with the job as it is",
  DASHBOARD: 'the web dashboard at `/` and its sign-in (`/session`); `off` serves neither (the API is unchanged)',
  DASHBOARD_SESSION_IDLE_MINUTES: 'a dashboard session unused this long ends',
  SECRET_KEY:
    "encrypts stored secrets (a prefix's IMAP password or token) with AES-256-GCM: 32 bytes as 64 hex digits or base64, e.g. `openssl rand -hex 32`; without it a configuration with an IMAP secret is refused (`secret_key_not_configured`). Keep it: a new key cannot open secrets stored with the old one",
  DNS_SERVERS:
    "DNS servers for sender authentication (SPF, DKIM, DMARC lookups), comma-separated IP addresses with an optional port (`127.0.0.1:5353`, `[::1]:53`); empty: the system's resolvers (`/etc/resolv.conf`); see docs/email/sender-authentication.md",
  DNS_TIMEOUT_MS: 'one attempt of a DNS lookup times out after this; each lookup makes two attempts',
  SENDER_AUTH_TIMEOUT_MS:
    "the whole sender check of one message (every lookup of SPF, DKIM, DMARC and ARC); past it every verdict is `temperror`. SMTP mail is checked before the reply to DATA, so this bounds that reply's delay",
  IMAP_LEASE_MS:
    "a daemon's hold on a prefix's IMAP mailbox (renewed at a third of it); after a daemon dies another takes the mailbox over within this",
  DASHBOARD_SESSION_MAX_HOURS: 'a dashboard session ends this long after sign-in, however much it is used',
  SMTP_MAX_RECIPIENTS: 'recipients per message',
  SMTP_MAX_CONNECTIONS: 'SMTP connections at once',
  SMTP_MAX_MIME_PARTS: 'a message with more MIME parts is refused (554 5.6.0)',
  SMTP_MAX_LINE_BYTES: 'a message with a longer line is refused (554 5.6.0)',
  SMTP_MAX_CONNECTIONS_PER_CLIENT:
    'SMTP connections open at once from one client address (per daemon); more get 421 4.7.0 (see docs/security/smtp-limits.md)',
  SMTP_MAX_MESSAGES_PER_CLIENT_PER_MINUTE:
    'messages (MAIL FROM) one client address may start in any 60 s (per daemon); more get 451 4.7.1',
  SMTP_MAX_RECIPIENTS_PER_CLIENT_PER_MINUTE:
    'recipients (RCPT TO, refused ones too) one client address may name in any 60 s (per daemon); more get 452 4.7.1',
  SMTP_SESSION_TIMEOUT_MS: 'longest an SMTP connection may stay open, however active; then 421 4.7.0',
  SMTP_DATA_TIMEOUT_MS: "longest from DATA's 354 to the message's end; then 421 4.7.0 and the message is not accepted",
  SMTP_TLS_CERT:
    'PEM certificate file; with `SMTP_TLS_KEY` the gateway offers STARTTLS; reloaded when either file changes',
  SMTP_REQUIRE_TLS: '`true`: MAIL FROM before STARTTLS gets 530 5.7.0 (needs `SMTP_TLS_CERT` and `SMTP_TLS_KEY`)',
  SMTP_TLS_KEY: 'PEM key file of `SMTP_TLS_CERT`',
  MAIL_WORKER_CONCURRENCY: 'loops turning stored messages into jobs',
  MAIL_LEASE_MS: "a mail worker's claim on a message (a crashed daemon's messages return after it)",
  WEBHOOK_CONCURRENCY: 'webhook attempts in flight per daemon',
  WEBHOOK_ENDPOINT_CONCURRENCY: 'webhook attempts in flight per endpoint',
  WEBHOOK_RETRY_DELAYS_MS:
    "the five waits after failed webhook attempts 1 to 5 (still six attempts, then `failed`); for tests and staging, the spec's schedule when unset",
};

/** Defaults computed from other settings, as the README writes them. */
const DERIVED_DEFAULTS: Partial<Record<keyof Config, string>> = {
  PUBLIC_BASE_URL: 'http://localhost:HTTP_PORT',
  SMTP_MAX_MESSAGE_MB: 'ceil(MAX_ATTACHMENT_SIZE_MB × 4/3) + 1',
  MAX_REQUEST_BODY_MB: 'ceil(MAX_ATTACHMENT_SIZE_MB × 4/3) + 1',
  OCR_WORKERS: 'auto',
};

/** When each code is answered: the When column. */
const ERROR_WHEN: Record<ErrorCode, string> = {
  invalid_request:
    'body, query or path fails validation; malformed or truncated JSON or multipart; JSON nested deeper than 64; NUL or unpaired surrogates (see "Malformed requests")',
  invalid_webhook_url:
    'a webhook URL (an endpoint, a prefix\'s `webhooks.url`) that is not HTTPS, has credentials or reaches an address that is not allowed (see "Webhooks")',
  missing_authorization: 'no `Authorization: Bearer ...` header (or not in that form)',
  invalid_api_key: 'unknown, revoked or expired key',
  insufficient_permissions:
    'the key lacks the scope (named in the message), or tries to create a key wider than itself',
  not_found: 'unknown id, unknown route, or a resource of another organization (never 403)',
  conflict:
    'an `Idempotency-Key` reused with a different request; reprocessing a job still queued or processing, or one with 10 results already; an email prefix already in use; a review item already resolved; an ERP connection still used by a prefix',
  extractor_inactive: 'a document submitted to an extractor that is inactive or deleted',
  payload_too_large:
    'body over `MAX_REQUEST_BODY_MB` (the email test endpoint) or 1 MB (other JSON bodies without a document); a request head (URL and headers) over 16 KB',
  document_too_large:
    'a document over `MAX_ATTACHMENT_SIZE_MB` or with more pages than `MAX_PAGES_PER_DOCUMENT`, at upload; as a job failure, a page or image over `MAX_PIXELS_PER_PAGE` / `MAX_PIXELS_PER_IMAGE`, a PDF inflating past `MAX_DECOMPRESSED_MB`, or reading it needing more than `PDF_WORKER_MEMORY_MB` or a step longer than `PDF_WORKER_TIMEOUT_MS`',
  unsupported_media_type: 'a body that is not `application/json`',
  rate_limit_exceeded: "over the organization's per-minute limit; `Retry-After` in seconds",
  service_unavailable:
    '`/readyz` when the database does not answer; as a job failure, a service the job needed was down (retried first)',
  secret_key_not_configured:
    'an email ingestion configuration gives an IMAP password or token, and the daemon has no `SECRET_KEY` to encrypt it with',
  internal_error: 'anything unexpected: logged with its cause, never echoed',
  document_deleted:
    'reprocessing a job that was deleted (`DELETE /v1/documents/{id}`); the message says when (see "The documents register")',
  document_not_stored:
    'reprocessing a job whose file is no longer stored (removed outside Intake): submit the document anew (see "The documents register")',
  document_unreadable: 'job failure (`error_details.code`): a corrupt, encrypted, blank or illegible document',
  temporary_error: 'job failure: a job interrupted three times, or failing three times with a temporary error',
  processing_timeout:
    "job failure: the work took longer than `PROCESSING_TIMEOUT_MS` (or the prefix's `maxProcessingTimeMs`)",
  duplicate_document: 'job failure: the prefix rejects duplicates and this document was seen before (see "Duplicates")',
};

/** Job failure codes that no request is answered with (the others are request codes too). */
const JOB_ONLY = new Set<ErrorCode>(
  JOB_FAILURE_CODES.filter((c) => !(REQUEST_ERROR_CODES as readonly string[]).includes(c)),
);

/** A default as the table shows it. */
function shownDefault(key: keyof Config): string {
  const derived = DERIVED_DEFAULTS[key];
  if (derived) return `\`${derived}\``;
  const parsed = ConfigSchema.shape[key].safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return 'unset';
  const value: unknown = parsed.data;
  if (Array.isArray(value)) return value.length === 0 ? 'empty' : `\`${value.join(',')}\``;
  return `\`${String(value)}\``;
}

/** The Configuration table: every setting of the schema, in its order. */
export function settingsTable(): string {
  const keys = Object.keys(ConfigSchema.shape) as (keyof Config)[];
  const rows = keys.map((key) => `| \`${key}\` | ${shownDefault(key)} | ${SETTING_MEANINGS[key]} |`);
  return ['| Setting | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The Errors table: every code with its status from error-status.ts, by status, request codes first. */
export function errorTable(): string {
  const rank = (code: ErrorCode) => ERROR_CODES.indexOf(code) + (JOB_ONLY.has(code) ? ERROR_CODES.length : 0);
  const codes = [...ERROR_CODES].sort((a, b) => httpStatusOf(a) - httpStatusOf(b) || rank(a) - rank(b));
  const rows = codes.map((code) => `| ${httpStatusOf(code)} | \`${code}\` | ${ERROR_WHEN[code]} |`);
  return ['| Status | Code | When |', '|---|---|---|', ...rows].join('\n');
}

/** The generated parts of the handbook: file (from the repository root), then marker name. */
export const GENERATED_PARTS: Record<string, Record<string, () => string>> = {
  'docs/configuration.md': { settings: settingsTable },
  'docs/api/errors.md': { errors: errorTable },
};

/** The pages a `see "Name"` (or `see Name`) in the prose above refers to, from docs/. */
const SEE_ALSO: Record<string, string> = {
  'Reading and extraction': 'extraction/README.md',
  Resources: 'resources.md',
  'Email gateway': 'email/smtp-gateway.md',
  'Email notifications': 'email/notifications.md',
  'Malformed requests': 'api/errors.md#malformed-requests',
  Webhooks: 'api/webhooks.md',
  Duplicates: 'email/duplicates.md',
  'The documents register': 'api/documents-register.md#reprocessing-a-document',
};

/** `text` with each `see "Name"` of SEE_ALSO made a link relative to `file`. */
function linkReferences(text: string, file: string): string {
  let out = text;
  for (const [name, target] of Object.entries(SEE_ALSO)) {
    const [page, anchor] = target.split('#');
    const href = path.posix.relative(path.posix.dirname(file), `docs/${page}`) + (anchor ? `#${anchor}` : '');
    out = out
      .replaceAll(`see "${name}"`, `see [${name}](${href})`)
      .replaceAll(`see ${name})`, `see [${name}](${href}))`);
  }
  return out;
}

/** The marker comments around a generated part. */
export const markers = (name: string) => ({
  open: `<!-- generated:${name} (npm run docs:generate) -->`,
  close: `<!-- /generated:${name} -->`,
});

/** `text`, the contents of `file`, with every generated part of that file rewritten. */
export function regenerate(file: string, text: string): string {
  let out = text;
  for (const [name, render] of Object.entries(GENERATED_PARTS[file] ?? {})) {
    const { open, close } = markers(name);
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start === -1 || end < start) throw new Error(`${file} lacks the markers ${open} ... ${close}`);
    out = `${out.slice(0, start + open.length)}\n${linkReferences(render(), file)}\n${out.slice(end)}`;
  }
  return out;
}
