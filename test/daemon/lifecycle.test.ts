/** The daemon's parts start in one order and stop in reverse (daemon/src/di/lifecycle.ts). */
import { describe, expect, it } from 'vitest';
import { START_ORDER, startInOrder, type Lifecycle, type PartName } from '../../daemon/src/di/lifecycle.js';

function recorder() {
  const events: string[] = [];
  const part = (name: PartName, failStart = false, failStop = false): Lifecycle => ({
    part: name,
    start: () => {
      if (failStart) throw new Error(`${name} cannot start`);
      events.push(`start ${name}`);
    },
    stop: async () => {
      events.push(`stop ${name}`);
      if (failStop) throw new Error(`${name} cannot stop`);
    },
  });
  return { events, part };
}

describe('startInOrder', () => {
  it('starts in START_ORDER whatever the binding order, and stops in reverse', async () => {
    const { events, part } = recorder();
    const started = await startInOrder([part('smtp'), part('job-workers'), part('storage'), part('http')]);
    await started.stop();
    expect(events).toEqual([
      'start storage',
      'start job-workers',
      'start http',
      'start smtp',
      'stop smtp',
      'stop http',
      'stop job-workers',
      'stop storage',
    ]);
    expect(START_ORDER.indexOf('smtp')).toBe(START_ORDER.length - 1);
  });

  it('stops what started when a part fails to start, and throws its error', async () => {
    const { events, part } = recorder();
    await expect(
      startInOrder([part('storage'), part('job-workers'), part('http', true), part('smtp')]),
    ).rejects.toThrow('http cannot start');
    expect(events).toEqual(['start storage', 'start job-workers', 'stop job-workers', 'stop storage']);
  });

  it('stops every part even when one fails to stop, then throws that failure', async () => {
    const { events, part } = recorder();
    const started = await startInOrder([part('storage'), part('mail-workers', false, true), part('smtp')]);
    await expect(started.stop()).rejects.toThrow('mail-workers cannot stop');
    expect(events.filter((e) => e.startsWith('stop'))).toEqual(['stop smtp', 'stop mail-workers', 'stop storage']);
  });

  it('refuses a part bound twice', async () => {
    const { part } = recorder();
    await expect(startInOrder([part('http'), part('http')])).rejects.toThrow('The daemon part http is bound twice');
  });
});
