import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { coerceError } from '@intake/core';
import type { Logger } from '../logger.js';

export interface PollingLoopsOptions {
  concurrency: number;
  /** Idle loops sleep this long (jittered, so several daemons do not poll in step) unless woken. */
  pollMs: number;
}

/** A chore run every `everyMs` beside the loops (e.g. failing work whose daemon died). */
export interface PeriodicChore {
  everyMs: number;
  run: () => Promise<unknown>;
  /** Logged when it throws. */
  failure: string;
}

type Turn = 'look' | 'poll';

/**
 * `concurrency` loops that each call `runOnce` again at once while it finds work. Of the loops that
 * found none (or whose `runOnce` threw: a database briefly gone is logged, not fatal), one holds
 * the poll and the others wait: an idle daemon asks the database once per `pollMs`, not once per
 * loop. The poll's holder, when its `pollMs` are up, hands the poll to a waiting loop and looks;
 * so an idle loop always holds it, however long the others' work lasts. A loop that starts
 * finding work after finding none wakes one waiting loop to look too, so that a queue that fills
 * engages the loops in turn. `wake()` ends every sleep and wait: this daemon just queued work.
 * `stop()` lets the work in hand finish and claims no more.
 */
export abstract class PollingLoops {
  private running = false;
  private loops: Promise<void>[] = [];
  /** Every resting loop, each resumed by calling it (with what to do next). */
  private readonly wakers = new Set<(turn: Turn) => void>();
  /** The resting loops that do not hold the poll: they wait for a wake or the poll. */
  private readonly waiting = new Set<(turn: Turn) => void>();
  /** Whether a loop holds the poll (rests until its next look). */
  private polling = false;
  private chore: NodeJS.Timeout | undefined;
  readonly daemonId: string;

  protected constructor(
    kind: string,
    protected readonly logger: Logger,
    private readonly loopOptions: PollingLoopsOptions,
    private readonly periodic?: PeriodicChore,
  ) {
    this.daemonId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}${kind ? `:${kind}` : ''}`;
  }

  /** One iteration of loop number `index`: true when it did something (go on at once). */
  protected abstract runOnce(workerId: string, index: number): Promise<boolean>;
  /** Logged when an iteration throws. */
  protected abstract readonly failure: string;

  start(): void {
    if (this.running) return;
    this.running = true;
    for (let i = 0; i < this.loopOptions.concurrency; i++) this.loops.push(this.loop(`${this.daemonId}#${i}`, i));
    if (this.periodic) {
      const { run, everyMs, failure } = this.periodic;
      this.chore = setInterval(() => {
        run().catch((error: unknown) => this.logger.error({ err: coerceError(error) }, failure));
      }, everyMs);
      this.chore.unref();
    }
  }

  wake(): void {
    for (const resume of [...this.wakers]) resume('look');
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.chore);
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async loop(workerId: string, index: number): Promise<void> {
    // Whether the last iteration found work: a loop that starts finding some wakes one waiting loop.
    let working = false;
    while (this.running) {
      let busy = false;
      try {
        busy = await this.runOnce(workerId, index);
      } catch (error) {
        this.logger.error({ err: coerceError(error), workerId }, this.failure);
      }
      if (busy && !working) this.resumeOneWaiting('look');
      working = busy;
      if (!busy) await this.idle();
    }
  }

  /** Waits while another loop holds the poll; holds it otherwise (or when handed it), then hands it on. */
  private async idle(): Promise<void> {
    if (!this.polling) this.polling = true;
    else if ((await this.rest(null)) === 'look') return;
    await this.rest(this.loopOptions.pollMs * (0.75 + Math.random() / 2));
    this.polling = false;
    this.resumeOneWaiting('poll');
  }

  /** One waiting loop looks (`look`), or holds the poll from now (`poll`). */
  private resumeOneWaiting(turn: Turn): void {
    const [first] = this.waiting;
    if (!first) return;
    if (turn === 'poll') this.polling = true;
    first(turn);
  }

  /** Until `ms` have passed (null: no timer), or until resumed; resolves with what to do next. */
  private rest(ms: number | null): Promise<Turn> {
    return new Promise((resolve) => {
      const resume = (turn: Turn) => {
        clearTimeout(timer);
        this.wakers.delete(resume);
        this.waiting.delete(resume);
        resolve(turn);
      };
      const timer = ms === null ? undefined : setTimeout(() => resume('look'), ms);
      this.wakers.add(resume);
      if (ms === null) this.waiting.add(resume);
    });
  }
}
