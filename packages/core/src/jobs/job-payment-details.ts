/**
 * What a job keeps of its vendor's payment details: the verdict when they differ from the
 * remembered ones. The job record owns the shape; `vendors/` remembers details and decides the
 * verdict (its job hook) and imports the shape from here, so the queue imports nothing of it.
 */
import type { PaymentValues } from '../extraction/index.js';

/** A job's verdict when its vendor's payment details are not the remembered ones. */
export interface PaymentDetailsChange {
  /** The remembered details. */
  previous: PaymentValues;
  /** When they were last seen on a completed document (or confirmed by a person). */
  last_seen_at: string;
  /** The job they were last seen on. */
  job_id: string;
}

/**
 * Whether mail authentication passed for the message a job came from: `false` when the gateway
 * recorded a failed verdict as `metadata.email.sender_authenticated`, `null` when nothing was
 * recorded (API jobs, or a gateway that does not check).
 */
export function senderAuthenticated(metadata: Record<string, unknown>): boolean | null {
  const email = (metadata.email ?? {}) as { sender_authenticated?: unknown };
  return typeof email.sender_authenticated === 'boolean' ? email.sender_authenticated : null;
}
