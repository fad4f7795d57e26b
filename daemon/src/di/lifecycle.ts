/**
 * The daemon's long-lived parts and their one order. Each DI module binds its parts to
 * TOKENS.Lifecycle; the daemon starts them in START_ORDER and stops them in reverse, so nothing is
 * stopped while a part started after it may still use it: the SMTP edge stops taking mail (421)
 * first, the database closes last.
 */

/** Every part, in the order they start (they stop in the reverse order). */
export const START_ORDER = [
  'storage',
  'document-reader',
  'webhook-transport',
  'notifier',
  'erp-workers',
  'notification-workers',
  'webhook-workers',
  'job-workers',
  'sender-auth',
  'mail-workers',
  'imap',
  'digest-schedule',
  'retention-schedule',
  'registry',
  'http',
  'smtp',
] as const;

/** The name of one part of the daemon, from START_ORDER. */
export type PartName = (typeof START_ORDER)[number];

/** A long-lived part: started once the container has built it, stopped when the daemon stops. */
export interface Lifecycle {
  readonly part: PartName;
  /** Absent for parts that are ready once built (the database is opened and migrated by then). */
  start?(): Promise<void> | void;
  stop(): Promise<void> | void;
}

/** The started parts, to stop in reverse order. */
export interface StartedParts {
  /** Stops every part, in reverse start order, even when one fails to stop; then throws the first failure. */
  stop(): Promise<void>;
}

/**
 * Starts `parts` in START_ORDER. If one fails to start, the parts started before it are stopped (in
 * reverse) and its error is thrown.
 */
export async function startInOrder(parts: readonly Lifecycle[]): Promise<StartedParts> {
  const rank = (p: Lifecycle) => START_ORDER.indexOf(p.part);
  const ordered = [...parts].sort((a, b) => rank(a) - rank(b));
  const names = ordered.map((p) => p.part);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`The daemon part ${twice} is bound twice`);
  const started: Lifecycle[] = [];
  try {
    for (const part of ordered) {
      await part.start?.();
      started.push(part);
    }
  } catch (error) {
    await stopInReverse(started).catch(() => {});
    throw error;
  }
  return { stop: () => stopInReverse(started) };
}

async function stopInReverse(started: readonly Lifecycle[]): Promise<void> {
  let failure: unknown;
  let failed = false;
  for (const part of [...started].reverse()) {
    try {
      await part.stop();
    } catch (error) {
      if (!failed) [failure, failed] = [error, true];
    }
  }
  if (failed) throw failure;
}
