import { ContainerModule } from 'inversify';
import type { Intake } from '@intake/core';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../../config/config.schema.js';
import { createHttpApp, type HttpApp } from '../../http/app.js';
import type { Logger } from '../../logger.js';
import { TOKENS } from '../tokens.js';

export const httpModule = new ContainerModule(({ bind }) => {
  bind<HttpApp>(TOKENS.HttpApp)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const storage = await ctx.getAsync<SqlStorage>(TOKENS.Storage);
      return createHttpApp({
        intake: await ctx.getAsync<Intake>(TOKENS.Intake),
        rateLimiter: storage.rateLimiter,
        logger: ctx.get<Logger>(TOKENS.Logger),
        ping: storage.ping,
        publicBaseUrl: config.PUBLIC_BASE_URL,
        maxBodyBytes: config.MAX_REQUEST_BODY_MB * 1_048_576,
      });
    })
    .inSingletonScope();
});
