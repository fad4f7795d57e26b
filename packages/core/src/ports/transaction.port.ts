import type { IntakeStores } from '../intake.js';

/**
 * Runs `fn` with stores bound to one database transaction: all its writes commit together or not
 * at all. Inside `fn`, use only the `tx` stores (PGlite has a single connection).
 */
export type TransactionRunner = <T>(fn: (tx: IntakeStores) => Promise<T>) => Promise<T>;
