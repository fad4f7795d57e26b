import type { Knex } from 'knex';
import { windowStart, type RateLimitDecision, type RateLimiter } from '@intake/core';
import { toNumber } from './normalize.js';

/** Windows older than this are deleted now and then; nothing reads them. */
const KEEP_WINDOWS_MS = 3_600_000;
const PRUNE_EVERY = 1000;

/**
 * A fixed-window counter in the database: one atomic upsert per request, so every daemon sharing the
 * database counts against the same number.
 */
export class SqlRateLimiter implements RateLimiter {
  private calls = 0;

  constructor(private readonly knex: Knex) {}

  async consume(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision> {
    const start = windowStart(now, windowMs);
    const result = await this.knex.raw(
      `insert into rate_limit_windows (key, window_start, count) values (?, ?, 1)
       on conflict (key, window_start) do update set count = rate_limit_windows.count + 1
       returning count`,
      [key, start],
    );
    const count = toNumber(result.rows[0].count);
    if (++this.calls % PRUNE_EVERY === 0) {
      await this.knex('rate_limit_windows').where('window_start', '<', start - KEEP_WINDOWS_MS).delete();
    }
    return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetAt: new Date(start + windowMs) };
  }
}
