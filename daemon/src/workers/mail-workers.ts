import type { InboundMailService, MessageProcessOutcome } from '@intake/core/email';
import type { Logger } from '../logger.js';
import { PollingLoops } from './polling-loops.js';

export interface MailWorkersOptions {
  concurrency: number;
  pollMs: number;
  /** How often messages abandoned by dead daemons are marked failed. */
  reapEveryMs?: number;
  /**
   * The longest a worker waits, before claiming its next message, for the SMTP edge to have no
   * transaction in flight (see `yieldTo`). 0: never waits.
   */
  maxYieldMs?: number;
}

/** What the workers give way to: the SMTP edge (SmtpIntake). */
export interface EdgeActivity {
  /** Resolves once no transaction is in flight (and none was for a moment), or after `maxMs` at the latest. */
  whenQuiet(maxMs: number): Promise<void>;
}

/**
 * Loops that claim stored messages and turn their attachments into jobs (or review items).
 *
 * They give way to the SMTP edge: processing a message takes the daemon's one thread (and PGlite's
 * one connection) for several milliseconds at a stretch, and an SMTP client waits for its 250
 * meanwhile. So before claiming a message a worker waits while transactions are in flight, but never
 * longer than `maxYieldMs` per message: under unbroken SMTP traffic each worker still processes a
 * message at least every `maxYieldMs`, and the backlog is processed at full speed as soon as the
 * traffic pauses. Nothing is lost by waiting: the messages are stored (durably) before their 250.
 */
export class MailWorkers extends PollingLoops {
  protected readonly failure = 'mail worker iteration failed; the message will be retried';
  private edge: EdgeActivity | null = null;
  private stopping = false;
  /** Loops inside runOnce. */
  private active = 0;
  /** Messages stored so far (messageStored calls): a loop that found nothing but saw this change looks again. */
  private stored = 0;
  private readonly maxYieldMs: number;

  constructor(
    private readonly inbound: InboundMailService,
    logger: Logger,
    options: MailWorkersOptions,
    /** Called when a message was processed (wakes the job workers). */
    private readonly onProcessed: () => void = () => {},
  ) {
    super('mail', logger, options, {
      everyMs: options.reapEveryMs ?? 5000,
      run: () => inbound.failAbandoned(),
      failure: 'mail reaper failed',
    });
    this.maxYieldMs = options.maxYieldMs ?? 0;
  }

  /** Gives way to `edge` before each claim (bounded by `maxYieldMs`). */
  yieldTo(edge: EdgeActivity): void {
    this.edge = edge;
  }

  /**
   * A message was stored. Wakes the sleeping loops unless one is at work already: that one claims
   * again as soon as it is done (or, if it has just found nothing, looks again), so a second loop
   * woken now would usually find nothing and spend a query on it.
   */
  messageStored(): void {
    this.stored++;
    if (this.active === 0) this.wake();
  }

  override async stop(): Promise<void> {
    this.stopping = true;
    await super.stop();
    this.stopping = false;
  }

  protected async runOnce(workerId: string): Promise<boolean> {
    this.active++;
    try {
      if (this.edge && this.maxYieldMs > 0) await this.edge.whenQuiet(this.maxYieldMs);
      // Stopping: claim nothing more; "busy" so that the loop ends now instead of sleeping first.
      if (this.stopping) return true;
      const storedBefore = this.stored;
      const outcome = await this.inbound.processNext(workerId);
      if (outcome.kind === 'idle') return this.stored !== storedBefore;
      logMessageProcessed(this.logger, workerId, outcome);
      this.onProcessed();
      return true;
    } finally {
      this.active--;
    }
  }
}

/**
 * The state change of a stored message, with the ids to follow it: the message, its organization
 * and the jobs its attachments became (`job completed`/`job failed` lines carry the same job ids).
 */
function logMessageProcessed(
  logger: Logger,
  workerId: string,
  outcome: Extract<MessageProcessOutcome, { kind: 'processed' }>,
): void {
  const line = {
    event: outcome.status === 'failed' ? 'message.failed' : 'message.processed',
    message_id: outcome.messageId,
    org_id: outcome.orgId,
    job_ids: outcome.jobIds,
    awaiting_review: outcome.awaitingReview,
    skipped: outcome.skipped,
    ...(outcome.errorCode ? { error_code: outcome.errorCode } : {}),
    ...(outcome.lostClaim ? { lost_claim: true } : {}),
    worker: workerId,
  };
  if (outcome.status === 'failed') logger.warn(line, 'message failed');
  else logger.info(line, 'message processed');
}
