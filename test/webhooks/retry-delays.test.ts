/** WEBHOOK_RETRY_DELAYS_MS: five waits replacing the spec's, never their number. */
import { describe, expect, it } from 'vitest';
import { delayAfterFailedAttempt, MAX_ATTEMPTS, RETRY_DELAYS_MS } from '@intake/core/webhooks';

import { ConfigSchema } from '@intake/daemon';

describe('webhook retry waits', () => {
  it('follows the spec unless given five other waits, and stops after the sixth attempt either way', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => delayAfterFailedAttempt(a))).toEqual([...RETRY_DELAYS_MS, null]);
    const short = [100, 200, 300, 400, 500];
    expect([1, 2, 3, 4, 5, 6].map((a) => delayAfterFailedAttempt(a, short))).toEqual([...short, null]);
    expect(MAX_ATTEMPTS).toBe(6);
  });

  it('reads WEBHOOK_RETRY_DELAYS_MS as five millisecond counts, unset meaning the spec, and refuses anything else', () => {
    expect(ConfigSchema.parse({}).WEBHOOK_RETRY_DELAYS_MS).toBeUndefined();
    expect(ConfigSchema.parse({ WEBHOOK_RETRY_DELAYS_MS: '100, 100,100,100,0' }).WEBHOOK_RETRY_DELAYS_MS).toEqual([
      100, 100, 100, 100, 0,
    ]);
    for (const bad of ['100,100', '1,2,3,4,5,6', '1,2,x,4,5', '1,2,3,4,-5']) {
      const parsed = ConfigSchema.safeParse({ WEBHOOK_RETRY_DELAYS_MS: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error!.issues[0]!.message).toContain('five comma-separated millisecond counts');
    }
  });
});
