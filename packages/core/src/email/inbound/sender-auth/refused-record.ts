import type { InboundMessageRecord } from '../inbound-message.js';
import type { UnauthenticatedPolicy } from '../../prefixes/index.js';
import { decideSender, unauthenticatedReason } from './sender-authentication.js';

/**
 * A message whose prefix refuses its unauthenticated sender, stored all the same (another prefix
 * took it, or it came from the prefix's IMAP mailbox): failed with `sender_unauthenticated`, so
 * it is kept and shown but never processed.
 */
export function refusedIfRejecting(record: InboundMessageRecord, policy: UnauthenticatedPolicy): InboundMessageRecord {
  const authentication = record.sender_authentication;
  if (decideSender(policy, authentication) !== 'refuse' || !authentication) return record;
  return {
    ...record,
    status: 'failed',
    error: {
      code: 'sender_unauthenticated',
      message: `${unauthenticatedReason(authentication)}; the prefix's unauthenticated setting is reject`,
    },
    processed_at: record.received_at,
  };
}
