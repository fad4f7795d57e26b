/**
 * The spec's schedule: attempt 1 at once, then 5 s, 30 s, 2 min, 10 min and 1 h after the previous
 * failure. After the sixth failure a delivery is `failed` and not retried automatically.
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000] as const;
/** Attempts per delivery: the first and one after each of RETRY_DELAYS_MS. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * Milliseconds to wait after failed attempt `attempt` (1-based), or null when there is no next one.
 * `delays` replaces the spec's waits (same count, so still six attempts), e.g. shorter ones in tests.
 */
export function delayAfterFailedAttempt(attempt: number, delays: readonly number[] = RETRY_DELAYS_MS): number | null {
  return attempt >= 1 && attempt <= delays.length ? delays[attempt - 1]! : null;
}
