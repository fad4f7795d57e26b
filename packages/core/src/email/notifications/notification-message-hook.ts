import type { IdGenerator } from '../../shared/ids.js';
import type { MessageHooks } from '../inbound/index.js';
import { planMessageNotifications } from './notification-planner.js';

export interface NotificationMessageHookOptions {
  ids: IdGenerator;
  /** The domains we receive for (lowercase): EMAIL_DOMAIN. */
  ownDomains: readonly string[];
  /** Base of the links in internal notifications (PUBLIC_BASE_URL); none without it. */
  publicBaseUrl?: string;
  /** Called when a finished message queued notifications to send (wakes the notification workers). */
  onQueued?: () => void;
}

/**
 * The notifications a finished message produces (document_received, human_review_needed, and the
 * sender kept for its jobs' notifications), written in the transaction that finishes it: a message
 * processed again after a crash decides them again, once.
 */
export function notificationMessageHook(options: NotificationMessageHookOptions): MessageHooks {
  const { ids, ownDomains, publicBaseUrl, onQueued } = options;
  return {
    onFinished(message) {
      const plan = planMessageNotifications(
        { ids, now: message.at, ownDomains, ...(publicBaseUrl ? { publicBaseUrl } : {}) },
        message,
      );
      if (plan.rows.length === 0 && plan.sender === null) return null;
      const queued = plan.rows.some((r) => r.status === 'pending');
      return {
        async write(tx) {
          if (plan.rows.length > 0) await tx.notifications.insert(plan.rows);
          if (plan.sender) await tx.notifications.saveSender(plan.sender);
        },
        ...(queued && onQueued ? { afterCommit: onQueued } : {}),
      };
    },
  };
}
