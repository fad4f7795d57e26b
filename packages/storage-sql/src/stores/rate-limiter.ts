import type { Knex } from 'knex';
import type { RateLimitDecision, RateLimiter } from '@intake/core';
import { toNumber, type Row } from './normalize.js';

/** Windows older than this are deleted now and then; nothing reads them. */
const KEEP_WINDOWS_MS = 3_600_000;
const PRUNE_EVERY = 200;

interface Block {
  windowStart: number;
  /** When the window ends: one Date per block, shared by its decisions (nobody changes them). */
  resetAt: Date;
  /** Requests this process may still allow in the window without asking the database. */
  left: number;
  /** The window's total as the database counted it when the block was granted. */
  countedGlobally: number;
  limit: number;
}

/**
 * A fixed-window limit shared through the database, without a database write per request: a
 * process takes the window's allowance in blocks (an atomic increment capped at the limit) and
 * spends them locally. The limit is never exceeded across processes. The price: a process can hold
 * up to one unspent block (a 20th of the limit) that others cannot use until the window ends. With a
 * limit under 40 the block is one request, so small plans are counted exactly. A clean stop gives
 * the unspent blocks back (`returnUnspent`), so a restarted daemon finds them again; a crash loses
 * at most one block per organization.
 */
export class SqlRateLimiter implements RateLimiter {
  private readonly blocks = new Map<string, Block>();
  private readonly pending = new Map<string, Promise<void>>();
  private grants = 0;

  constructor(private readonly knex: Knex) {}

  async consume(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    const nowMs = now.getTime();
    const start = Math.floor(nowMs / windowMs) * windowMs;
    // Each refill grants at least one request or finds the window spent, so this loop ends.
    for (;;) {
      const decided = this.consumeLocally(key, limit, windowMs, nowMs);
      if (decided) return decided;
      await this.refill(key, limit, start, windowMs);
    }
  }

  /**
   * `consume` when this process can decide alone (its block of the current window has requests
   * left, or the window is spent everywhere): synchronous, no I/O. Undefined when the database has
   * to be asked for a new block; then call `consume`.
   */
  consumeLocally(key: string, limit: number, windowMs: number, nowMs: number): RateLimitDecision | undefined {
    const block = this.blocks.get(key);
    if (block === undefined || block.limit !== limit || block.windowStart !== Math.floor(nowMs / windowMs) * windowMs)
      return undefined;
    if (block.left > 0) {
      block.left--;
      return {
        allowed: true,
        limit,
        remaining: Math.max(0, limit - block.countedGlobally + block.left),
        resetAt: block.resetAt,
      };
    }
    if (block.countedGlobally >= limit) return { allowed: false, limit, remaining: 0, resetAt: block.resetAt };
    return undefined;
  }

  /** Gives the current windows' unspent requests back to the shared count (on a clean stop). */
  async returnUnspent(now: Date, windowMs = 60_000): Promise<void> {
    const current = Math.floor(now.getTime() / windowMs) * windowMs;
    for (const [key, block] of this.blocks) {
      if (block.windowStart !== current || block.left === 0) continue;
      await this.knex('rate_limit_windows')
        .where({ key, window_start: current })
        .update({ count: this.knex.raw('greatest(count - ?, 0)', [block.left]) });
    }
    this.blocks.clear();
  }

  /** One grant at a time per key in this process; concurrent requests wait for it. */
  private refill(key: string, limit: number, start: number, windowMs: number): Promise<void> {
    const slot = `${key}@${start}`;
    let pending = this.pending.get(slot);
    if (!pending) {
      pending = this.grant(key, limit, start, windowMs).finally(() => this.pending.delete(slot));
      this.pending.set(slot, pending);
    }
    return pending;
  }

  private async grant(key: string, limit: number, start: number, windowMs: number): Promise<void> {
    const want = Math.max(1, Math.floor(limit / 20));
    const { granted, total } = await this.knex.transaction(async (trx) => {
      await trx.raw(
        'insert into rate_limit_windows (key, window_start, count) values (?, ?, 0) on conflict do nothing',
        [key, start],
      );
      const row = (await trx<Row>('rate_limit_windows')
        .where({ key, window_start: start })
        .forUpdate()
        .first('count'))!;
      const counted = toNumber(row.count);
      const take = Math.max(0, Math.min(want, limit - counted));
      if (take > 0)
        await trx('rate_limit_windows')
          .where({ key, window_start: start })
          .update({ count: counted + take });
      return { granted: take, total: counted + take };
    });
    this.blocks.set(key, {
      windowStart: start,
      resetAt: new Date(start + windowMs),
      left: granted,
      countedGlobally: total,
      limit,
    });
    if (++this.grants % PRUNE_EVERY === 0) {
      await this.knex('rate_limit_windows')
        .where('window_start', '<', start - KEEP_WINDOWS_MS)
        .delete();
    }
  }
}
