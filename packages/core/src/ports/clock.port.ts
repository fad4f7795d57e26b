/** The time source. Injected everywhere time matters so tests can move it by hand. */
export interface Clock {
  now(): Date;
}

/** The real time, as createIntake uses by default. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: for tests of schedules, expiry and rate windows. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}
