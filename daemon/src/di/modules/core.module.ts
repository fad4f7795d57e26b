import { ContainerModule } from 'inversify';
import { createIntake, type Intake, type WebhookTransport } from '@intake/core';
import { parseSecretKey } from '@intake/core/email';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../../config/config.schema.js';
import { TOKENS } from '../tokens.js';

export const coreModule = new ContainerModule(({ bind }) => {
  bind<Intake>(TOKENS.Intake)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      return createIntake({
        stores: await ctx.getAsync<SqlStorage>(TOKENS.Storage),
        creditsPerPage: config.CREDITS_PER_PAGE,
        // Per-prefix webhook URLs pass the transport's own address policy at registration.
        destinations: ctx.get<WebhookTransport>(TOKENS.WebhookTransport),
        sessionIdleMs: config.DASHBOARD_SESSION_IDLE_MINUTES * 60_000,
        sessionMaxMs: config.DASHBOARD_SESSION_MAX_HOURS * 3_600_000,
        ...(config.SECRET_KEY ? { secretKey: parseSecretKey(config.SECRET_KEY)! } : {}),
      });
    })
    .inSingletonScope();
});
