import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../daemon/src/logger.js';
import { PollingLoops } from '../../daemon/src/workers/polling-loops.js';
import { eventually } from '../support/wait.js';

/** Loops over an in-memory queue: each item is held until the test releases it. */
class QueueLoops extends PollingLoops {
  protected readonly failure = 'queue loop failed';
  /** Which loop looked, in order. */
  readonly looks: number[] = [];
  readonly queue: string[] = [];
  /** Items being worked on, by loop index; the test ends each with `release`. */
  readonly held = new Map<number, { item: string; release: () => void }>();

  constructor(concurrency: number, pollMs: number) {
    super('test', createLogger('silent'), { concurrency, pollMs });
  }

  protected async runOnce(_workerId: string, index: number): Promise<boolean> {
    this.looks.push(index);
    const item = this.queue.shift();
    if (item === undefined) return false;
    await new Promise<void>((release) => this.held.set(index, { item, release }));
    this.held.delete(index);
    return true;
  }

  releaseAll(): void {
    for (const { release } of this.held.values()) release();
  }
}

const started: QueueLoops[] = [];
const start = (concurrency: number, pollMs: number): QueueLoops => {
  const loops = new QueueLoops(concurrency, pollMs);
  started.push(loops);
  loops.start();
  return loops;
};

afterEach(async () => {
  vi.useRealTimers();
  for (const loops of started.splice(0)) {
    loops.releaseAll();
    await loops.stop();
  }
});

describe('polling loops', () => {
  it('look once per poll while idle, not once per loop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const loops = start(3, 100);
    await vi.advanceTimersByTimeAsync(0);
    // Each loop looks once at start.
    expect([...loops.looks].sort()).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    // A poll is 75 to 125 ms (jittered): 8 to 13 in a second, where three loops polling each would
    // have looked 24 times or more.
    const idleLooks = loops.looks.length - 3;
    expect(idleLooks).toBeGreaterThanOrEqual(8);
    expect(idleLooks).toBeLessThanOrEqual(14);
  });

  it('engage every loop in turn when work arrives without a wake', async () => {
    const loops = start(3, 5);
    await eventually('the first round of looks', () => loops.looks.length >= 4);
    loops.queue.push('a', 'b', 'c', 'd');
    await eventually(
      () => `three items held at once (held: ${loops.held.size})`,
      () => loops.held.size === 3,
    );
    loops.releaseAll();
    await eventually('the fourth item taken', () => loops.queue.length === 0 && loops.held.size >= 1);
    loops.releaseAll();
    await eventually('every item done', () => loops.held.size === 0 && loops.queue.length === 0);
  });

  it('keep polling while one loop is held by long work', async () => {
    const loops = start(2, 5);
    loops.queue.push('long');
    await eventually('the long item held', () => loops.held.size === 1);
    const busy = [...loops.held.keys()][0]!;
    loops.queue.push('next');
    await eventually('the next item held by the other loop', () => loops.held.size === 2);
    expect(loops.held.get(busy)?.item).toBe('long');
  });

  it('look at once on a wake, and stop without waiting for a poll', async () => {
    const loops = start(2, 60_000);
    await eventually('the first round of looks', () => loops.looks.length >= 2);
    loops.queue.push('woken');
    loops.wake();
    await eventually('the woken item held', () => loops.held.size === 1);
    loops.releaseAll();
    await eventually('the woken item done', () => loops.held.size === 0);
    // Every loop is asleep for a minute or waiting for a wake: stop ends both.
    await loops.stop();
    expect(loops.queue).toEqual([]);
  });
});
