import type { Intake } from '../intake.js';
import type { JobPipeline } from '../jobs/job-pipeline.js';
import { InboundMailService, type InboundMailDeps } from './inbound-mail-service.js';
import { LocalDocumentClassifier } from './triage/document-classifier.js';
import type { DocumentClassifier } from '../ports/document-classifier.port.js';
import { notificationMessageHook } from './notifications/notification-message-hook.js';

/**
 * The mail-in service over Intake's stores and a job pipeline, with the hooks of the contexts that
 * act on finished messages. Composed here, beside `createIntake`, so that `inbound/` imports
 * nothing of `notifications/` (notifications reads inbound's messages: the arrow points one way).
 */
export function createInboundMail(
  intake: Pick<Intake, 'stores' | 'clock' | 'ids'>,
  pipeline: Pick<JobPipeline, 'submissions' | 'blobs'>,
  deps: Pick<
    InboundMailDeps,
    'parser' | 'combiner' | 'reader' | 'options' | 'onUnexpectedError' | 'syncCommitted' | 'senderAuth'
  > & {
    classifier?: DocumentClassifier;
    /** Called when finishing a message queued notifications to send (wakes the notification workers). */
    onNotificationsQueued?: () => void;
  },
): InboundMailService {
  const { classifier, onNotificationsQueued, ...rest } = deps;
  const { domains, publicBaseUrl } = deps.options;
  return new InboundMailService({
    stores: intake.stores,
    blobs: pipeline.blobs,
    submissions: pipeline.submissions,
    clock: intake.clock,
    ids: intake.ids,
    ...rest,
    classifier:
      classifier ??
      new LocalDocumentClassifier({ examples: intake.stores.classificationExamples, clock: intake.clock }),
    hooks: [
      notificationMessageHook({
        ids: intake.ids,
        ownDomains: domains,
        ...(publicBaseUrl ? { publicBaseUrl } : {}),
        ...(onNotificationsQueued ? { onQueued: onNotificationsQueued } : {}),
      }),
    ],
  });
}
