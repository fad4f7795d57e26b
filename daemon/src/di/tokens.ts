import type { CorrectionService } from '@intake/core/corrections';
import type { PageImages } from '@intake/core/pages';
import type { PageImageCache } from '@intake/core/ports';
import type { BlobStore, DocumentReader, Intake, JobPipeline, Notifier, WebhookTransport } from '@intake/core';
import type { InboundMailService, NotificationService } from '@intake/core/email';
import type { ErpService } from '@intake/core/erp';
import type { DocumentLinks } from '@intake/core/jobs';
import type { SenderAuthenticator } from '@intake/core/ports';
import type { WebhookService } from '@intake/core/webhooks';
import type { SmtpIntake } from '../smtp/smtp-intake.js';
import type { MailWorkers } from '../workers/mail-workers.js';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../config/config.schema.js';
import type { HttpApp } from '../http/app.js';
import type { HttpListener } from '../http/http-listener.js';
import type { Lifecycle } from './lifecycle.js';
import type { Logger } from '../logger.js';
import type { JobWorkers } from '../workers/job-workers.js';
import type { WebhookWorkers } from '../workers/webhook-workers.js';
import type { NotificationWorkers } from '../workers/notification-workers.js';
import type { ErpWorkers } from '../workers/erp-workers.js';
import type { DaemonMetrics } from '../metrics/daemon-metrics.js';

/** Every DI token of the daemon, in one place. */
export const TOKENS = {
  Config: Symbol.for('intake.Config') as symbol & { __type?: ResolvedConfig },
  Logger: Symbol.for('intake.Logger') as symbol & { __type?: Logger },
  Storage: Symbol.for('intake.Storage') as symbol & { __type?: SqlStorage },
  Intake: Symbol.for('intake.Intake') as symbol & { __type?: Intake },
  HttpApp: Symbol.for('intake.HttpApp') as symbol & { __type?: HttpApp },
  HttpListener: Symbol.for('intake.HttpListener') as symbol & { __type?: HttpListener },
  /** Bound once per long-lived part (several bindings): see lifecycle.ts. */
  Lifecycle: Symbol.for('intake.Lifecycle') as symbol & { __type?: Lifecycle },
  Blobs: Symbol.for('intake.Blobs') as symbol & { __type?: BlobStore },
  Reader: Symbol.for('intake.Reader') as symbol & { __type?: DocumentReader },
  Pipeline: Symbol.for('intake.Pipeline') as symbol & { __type?: JobPipeline },
  Links: Symbol.for('intake.Links') as symbol & { __type?: DocumentLinks },
  Workers: Symbol.for('intake.Workers') as symbol & { __type?: JobWorkers },
  WebhookTransport: Symbol.for('intake.WebhookTransport') as symbol & { __type?: WebhookTransport },
  WebhookService: Symbol.for('intake.WebhookService') as symbol & { __type?: WebhookService },
  WebhookWorkers: Symbol.for('intake.WebhookWorkers') as symbol & { __type?: WebhookWorkers },
  InboundMail: Symbol.for('intake.InboundMail') as symbol & { __type?: InboundMailService },
  SenderAuth: Symbol.for('intake.SenderAuth') as symbol & { __type?: SenderAuthenticator },
  MailWorkers: Symbol.for('intake.MailWorkers') as symbol & { __type?: MailWorkers },
  SmtpIntake: Symbol.for('intake.SmtpIntake') as symbol & { __type?: SmtpIntake },
  Notifier: Symbol.for('intake.Notifier') as symbol & { __type?: Notifier },
  Notifications: Symbol.for('intake.Notifications') as symbol & { __type?: NotificationService },
  NotificationWorkers: Symbol.for('intake.NotificationWorkers') as symbol & { __type?: NotificationWorkers },
  Erp: Symbol.for('intake.Erp') as symbol & { __type?: ErpService },
  ErpWorkers: Symbol.for('intake.ErpWorkers') as symbol & { __type?: ErpWorkers },
  PageCache: Symbol.for('intake.PageCache') as symbol & { __type?: PageImageCache },
  PageImages: Symbol.for('intake.PageImages') as symbol & { __type?: PageImages },
  Corrections: Symbol.for('intake.Corrections') as symbol & { __type?: CorrectionService },
  Metrics: Symbol.for('intake.Metrics') as symbol & { __type?: DaemonMetrics },
} as const;
