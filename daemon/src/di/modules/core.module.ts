import { ContainerModule } from 'inversify';
import { createIntake, type Intake, type WebhookTransport } from '@intake/core';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../../config/config.schema.js';
import { TOKENS } from '../tokens.js';

export const coreModule = new ContainerModule(({ bind }) => {
  bind<Intake>(TOKENS.Intake)
    .toDynamicValue(async (ctx) =>
      createIntake({
        stores: await ctx.getAsync<SqlStorage>(TOKENS.Storage),
        creditsPerPage: ctx.get<ResolvedConfig>(TOKENS.Config).CREDITS_PER_PAGE,
        // Per-prefix webhook URLs pass the transport's own address policy at registration.
        destinations: ctx.get<WebhookTransport>(TOKENS.WebhookTransport),
      }),
    )
    .inSingletonScope();
});
