/**
 * Waiting for a condition instead of sleeping for a time. Written here rather than on vitest's
 * `vi.waitUntil`: the benches (test/bench/) run the same support code outside vitest, where `vi`
 * has no worker state, and `vi.waitUntil` advances fake timers when a test has installed them.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a wait may last before the test fails. A bound for a broken build, not a speed
 * requirement: generous, because a CI machine shared by several runs is many times slower than an
 * idle one.
 */
export const WAIT_TIMEOUT_MS = 30_000;

export interface WaitOptions {
  /** Fail after this long (default WAIT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Look again this long after a look ended (default 20 ms). */
  intervalMs?: number;
}

/**
 * Polls `check` (one look at a time) until it gives a truthy value, and resolves with that value.
 * Fails, naming `what` (a function is read when failing, to show the last state seen), once
 * `timeoutMs` have passed; a check that throws fails at once.
 */
export async function eventually<T>(
  what: string | (() => string),
  check: () => T | Promise<T>,
  options: WaitOptions = {},
): Promise<NonNullable<T>> {
  const timeoutMs = options.timeoutMs ?? WAIT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) {
      throw new Error(`not within ${timeoutMs} ms: ${typeof what === 'string' ? what : what()}`);
    }
    await sleep(options.intervalMs ?? 20);
  }
}
