import { Container } from 'inversify';
import type { ResolvedConfig } from '../config/config.schema.js';
import type { Logger } from '../logger.js';
import { coreModule } from './modules/core.module.js';
import { documentsModule } from './modules/documents.module.js';
import { httpModule } from './modules/http.module.js';
import { mailModule } from './modules/mail.module.js';
import { imapModule } from './modules/imap.module.js';
import { notificationsModule } from './modules/notifications.module.js';
import { erpModule } from './modules/erp.module.js';
import { metricsModule } from './modules/metrics.module.js';
import { reviewModule } from './modules/review.module.js';
import { storageModule } from './modules/storage.module.js';
import { webhooksModule } from './modules/webhooks.module.js';
import { TOKENS } from './tokens.js';

/** The composition root: one container per daemon (or per CLI command that opens the database). */
export function createContainer(config: ResolvedConfig, logger: Logger): Container {
  const container = new Container();
  container.bind<ResolvedConfig>(TOKENS.Config).toConstantValue(config);
  container.bind<Logger>(TOKENS.Logger).toConstantValue(logger);
  container.load(
    metricsModule,
    storageModule,
    coreModule,
    documentsModule,
    webhooksModule,
    notificationsModule,
    erpModule,
    mailModule,
    imapModule,
    reviewModule,
    httpModule,
  );
  return container;
}
