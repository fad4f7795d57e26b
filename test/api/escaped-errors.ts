import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/**
 * Records errors that escape to the process (an 'error' event nobody listens to, a rejection
 * nobody handles): in the daemon either one ends the process. Vitest would only report them after
 * the run; with this, the test during which one escaped fails.
 */
export function failOnEscapedErrors(): void {
  const escaped: unknown[] = [];
  const record = (error: unknown) => escaped.push(error);
  beforeAll(() => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterEach(async () => {
    // Let events already queued (a stream's 'error' after the response) happen first: an error
    // that would escape gives no signal to wait for, so this is a bounded window, not a wait.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const found = escaped.splice(0);
    expect(found.map((e) => String((e as Error)?.stack ?? e))).toEqual([]);
  });
  afterAll(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });
}
