import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { coerceError, JOB_FAILURE_CODES, type JobRecord, type Metrics } from '@intake/core';
import type { QueueGaugeStore } from '@intake/core/ports';
import type { AttemptAnswer } from '@intake/core/webhooks';
import type { SmtpEvents } from '../smtp/smtp-intake.js';
import type { ErpSyncReport } from '../workers/erp-workers.js';

/** Every name starts with this (prom-client's process and Node.js metrics too). */
export const METRIC_PREFIX = 'intake_';

/** Seconds: from a text-layer PDF (tens of ms) to a long scanned document (minutes). */
const JOB_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Seconds: API answers, and a webhook receiver's answer within its 5-second limit. */
const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const FAILURE_CODES: ReadonlySet<string> = new Set(JOB_FAILURE_CODES);

/** What the scrape reads from the database pool, when it has one to show. */
export interface PoolReading {
  inUse: number;
  waiting: number;
}

export interface DaemonMetricsOptions {
  /** METRICS_ORG_LABELS: the job and credit metrics get an `org` label. */
  perOrganization: boolean;
}

/** What the scrape reads afresh every time: the database's backlog, the pool, and the time. */
export interface ScrapeSources {
  gauges: QueueGaugeStore;
  pool: () => PoolReading | null;
  now: () => number;
  /** Told when the database figures could not be read. */
  onDatabaseError: (error: Error) => void;
}

/**
 * The daemon's metrics in one registry of its own (never prom-client's global one, so two daemons
 * in one process, as in tests, keep their counters apart). Counters count what this process did;
 * the backlog gauges are read from the database at each scrape, so every daemon on one database
 * shows the same backlog.
 */
export class DaemonMetrics {
  readonly registry = new Registry();
  private readonly orgLabel: boolean;

  private readonly httpRequests: Counter<'route' | 'method' | 'status'>;
  private readonly httpSeconds: Histogram<'route' | 'method'>;
  private readonly jobsCreated: Counter<string>;
  private readonly jobsCompleted: Counter<string>;
  private readonly jobsFailed: Counter<string>;
  private readonly jobSeconds: Histogram<string>;
  private readonly creditsCharged: Counter<string>;
  private readonly ocrPages: Counter;
  private readonly ocrSeconds: Counter;
  private readonly textLayerPages: Counter;
  private readonly smtpSessions: Counter;
  private readonly smtpAccepted: Counter;
  private readonly smtpRefused: Counter<'code'>;
  private readonly smtpBytes: Counter;
  private readonly webhookDeliveries: Counter<'outcome' | 'attempt'>;
  private readonly webhookSeconds: Histogram<'outcome'>;
  private readonly erpSyncs: Counter<'outcome'>;
  private readonly scrapeErrors: Counter;
  private readonly jobsQueued: Gauge<'mode'>;
  private readonly oldestJobAge: Gauge<'mode'>;
  private readonly mailBacklog: Gauge;
  private readonly oldestMailAge: Gauge;
  private readonly webhooksPending: Gauge;
  private readonly endpointsFailing: Gauge;
  private readonly erpPending: Gauge;
  private readonly poolInUse: Gauge;
  private readonly poolWaiting: Gauge;

  constructor(options: DaemonMetricsOptions) {
    this.orgLabel = options.perOrganization;
    const registers = [this.registry];
    const name = (n: string) => `${METRIC_PREFIX}${n}`;
    const counter = <L extends string>(n: string, help: string, labelNames: readonly L[] = []) =>
      new Counter<L>({ name: name(n), help, labelNames, registers });
    const gauge = <L extends string>(n: string, help: string, labelNames: readonly L[] = []) =>
      new Gauge<L>({ name: name(n), help, labelNames, registers });
    const histogram = <L extends string>(n: string, help: string, labelNames: readonly L[], buckets: number[]) =>
      new Histogram<L>({ name: name(n), help, labelNames, buckets, registers });
    const jobLabels = (...labels: string[]) => [...labels, ...(this.orgLabel ? ['org'] : [])];

    this.httpRequests = counter('http_requests_total', 'HTTP requests answered, by route template, method and status', [
      'route',
      'method',
      'status',
    ]);
    this.httpSeconds = histogram(
      'http_request_duration_seconds',
      'Time to answer an HTTP request',
      ['route', 'method'],
      REQUEST_SECONDS,
    );
    this.jobsCreated = counter('jobs_created_total', 'Jobs created by submissions (API and email)', jobLabels('mode'));
    this.jobsCompleted = counter('jobs_completed_total', 'Jobs completed', jobLabels('mode'));
    this.jobsFailed = counter('jobs_failed_total', 'Jobs failed, by error code', jobLabels('mode', 'code'));
    this.jobSeconds = histogram(
      'job_processing_seconds',
      'Processing time of finished jobs (the attempt that finished them)',
      jobLabels('mode', 'outcome'),
      JOB_SECONDS,
    );
    this.creditsCharged = counter('credits_charged_total', 'Credits charged for completed live jobs', jobLabels());
    this.ocrPages = counter('ocr_pages_total', 'Pages read by OCR');
    this.ocrSeconds = counter('ocr_seconds_total', 'Wall-clock seconds of document reads that OCR read pages in');
    this.textLayerPages = counter('text_layer_pages_total', 'PDF pages read from their text layer');
    this.smtpSessions = counter('smtp_sessions_total', 'SMTP connections opened');
    this.smtpAccepted = counter('smtp_messages_accepted_total', 'Messages answered 250 (stored durably)');
    this.smtpRefused = counter('smtp_refused_total', 'SMTP commands refused by Intake, by reply code', ['code']);
    this.smtpBytes = counter('smtp_received_bytes_total', 'Bytes of the messages accepted');
    this.webhookDeliveries = counter(
      'webhook_deliveries_total',
      'Webhook attempts, by outcome (delivered, retrying, failed, not_sent) and attempt number',
      ['outcome', 'attempt'],
    );
    this.webhookSeconds = histogram(
      'webhook_delivery_duration_seconds',
      'Time from sending a webhook to the end of the exchange with the receiver',
      ['outcome'],
      REQUEST_SECONDS,
    );
    this.erpSyncs = counter('erp_syncs_total', 'ERP send attempts, by outcome (synced, retrying, failed, lost)', [
      'outcome',
    ]);
    this.scrapeErrors = counter(
      'metrics_database_errors_total',
      'Scrapes whose database figures could not be read (those gauges then keep their last value)',
    );
    this.jobsQueued = gauge('jobs_queued', 'Jobs waiting for a worker (not those waiting for credits)', ['mode']);
    this.oldestJobAge = gauge('jobs_oldest_queued_age_seconds', 'Age of the oldest job waiting for a worker', ['mode']);
    this.mailBacklog = gauge('mail_backlog_messages', 'Stored messages not yet turned into jobs');
    this.oldestMailAge = gauge('mail_backlog_oldest_age_seconds', 'Age of the oldest stored message not processed');
    this.webhooksPending = gauge('webhook_deliveries_pending', 'Webhook deliveries still to be sent');
    this.endpointsFailing = gauge(
      'webhook_endpoints_failing',
      'Webhook endpoints with a delivery whose last attempt failed (retry pending)',
    );
    this.erpPending = gauge('erp_syncs_pending', 'ERP records still to be sent');
    this.poolInUse = gauge('db_pool_connections_in_use', 'Database connections in use by this process');
    this.poolWaiting = gauge('db_pool_waiting', 'Queries of this process waiting for a database connection');
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
  }

  /** What the job pipeline reports (created, finished): the port core calls. */
  readonly jobs: Metrics = {
    jobCreated: (job) => this.jobsCreated.inc(this.jobLabels(job)),
    jobFinished: (job) => this.jobFinished(job),
  };

  /** One HTTP request answered; `route` is a route template, never a raw path. */
  httpAnswered(route: string, method: string, status: number, seconds: number): void {
    this.httpRequests.inc({ route, method, status: String(status) });
    this.httpSeconds.observe({ route, method }, seconds);
  }

  /** What the SMTP edge reports. */
  readonly smtp: SmtpEvents = {
    session: () => this.smtpSessions.inc(),
    accepted: (bytes) => {
      this.smtpAccepted.inc();
      this.smtpBytes.inc(bytes);
    },
    refused: (code) => this.smtpRefused.inc({ code: String(code) }),
  };

  /** One webhook attempt's answer (attempt numbers end at six: the retry schedule's length). */
  webhookAnswered(answer: AttemptAnswer): void {
    this.webhookDeliveries.inc({ outcome: answer.outcome, attempt: String(answer.attempt) });
    if (answer.outcome !== 'not_sent')
      this.webhookSeconds.observe({ outcome: answer.outcome }, answer.durationMs / 1000);
  }

  /** One round of ERP sending. */
  erpReport(report: ErpSyncReport): void {
    for (const outcome of ['synced', 'retrying', 'failed', 'lost'] as const)
      if (report[outcome] > 0) this.erpSyncs.inc({ outcome }, report[outcome]);
  }

  /** One document read for a job: its pages by source, and how long the read took if OCR was part of it. */
  documentRead(pages: { ocr: number; textLayer: number }, seconds: number): void {
    if (pages.textLayer > 0) this.textLayerPages.inc(pages.textLayer);
    if (pages.ocr > 0) {
      this.ocrPages.inc(pages.ocr);
      this.ocrSeconds.inc(seconds);
    }
  }

  private jobFinished(job: JobRecord): void {
    const labels = this.jobLabels(job);
    if (job.status === 'completed') {
      this.jobsCompleted.inc(labels);
      if (job.cost_credits > 0) this.creditsCharged.inc(this.orgLabel ? { org: job.org_id } : {}, job.cost_credits);
    } else {
      const code = job.error_details?.code ?? 'internal_error';
      this.jobsFailed.inc({ ...labels, code: FAILURE_CODES.has(code) ? code : 'other' });
    }
    // The reaper fails jobs whose worker died: they have no processing time.
    if (job.processing_time_ms !== null)
      this.jobSeconds.observe({ ...labels, outcome: job.status }, job.processing_time_ms / 1000);
  }

  private jobLabels(job: JobRecord): Record<string, string> {
    return this.orgLabel ? { mode: job.environment, org: job.org_id } : { mode: job.environment };
  }

  /**
   * The Prometheus text of every metric, the database gauges read first. A database that does not
   * answer costs those gauges their freshness, not the scrape: the process figures still matter then.
   */
  async scrape(sources: ScrapeSources): Promise<string> {
    const pool = sources.pool();
    if (pool) {
      this.poolInUse.set(pool.inUse);
      this.poolWaiting.set(pool.waiting);
    }
    try {
      const read = await sources.gauges.read();
      const now = sources.now();
      const age = (at: string | null) => (at === null ? 0 : Math.max(0, (now - Date.parse(at)) / 1000));
      for (const mode of ['test', 'live'] as const) {
        this.jobsQueued.set({ mode }, read.jobs[mode].queued);
        this.oldestJobAge.set({ mode }, age(read.jobs[mode].oldest_created_at));
      }
      this.mailBacklog.set(read.mail.backlog);
      this.oldestMailAge.set(age(read.mail.oldest_received_at));
      this.webhooksPending.set(read.webhooks.pending);
      this.endpointsFailing.set(read.webhooks.failing_endpoints);
      this.erpPending.set(read.erp.pending);
    } catch (error) {
      this.scrapeErrors.inc();
      sources.onDatabaseError(coerceError(error));
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
