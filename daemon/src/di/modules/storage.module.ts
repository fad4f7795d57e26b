import { ContainerModule } from 'inversify';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../../config/config.schema.js';
import { pgliteDir } from '../../runtime/create-database.js';
import { daemonHeartbeat } from '../../runtime/daemon-heartbeat.js';
import type { Logger } from '../../logger.js';
import type { Lifecycle } from '../lifecycle.js';
import { TOKENS } from '../tokens.js';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite (on a first start created
 * before, in a process of its own: runtime/create-database.ts). Migrations run on open.
 */
export const storageModule = new ContainerModule(({ bind }) => {
  bind<SqlStorage>(TOKENS.Storage)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      return config.DATABASE_URL
        ? createSqlStorage({ kind: 'postgres', databaseUrl: config.DATABASE_URL })
        : createSqlStorage({ kind: 'pglite', dataDir: pgliteDir(config.DATA_DIR) });
    })
    .inSingletonScope();

  // Opened and migrated when built; closed last.
  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const storage = await ctx.getAsync<SqlStorage>(TOKENS.Storage);
      return { part: 'storage', stop: () => storage.close() };
    })
    .inSingletonScope();

  // Said once the daemon's workers run, before it listens; removed before they stop.
  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const storage = await ctx.getAsync<SqlStorage>(TOKENS.Storage);
      const heartbeat = daemonHeartbeat({
        registry: storage.daemons,
        jobWorkers: ctx.get<ResolvedConfig>(TOKENS.Config).WORKER_CONCURRENCY,
        logger: ctx.get<Logger>(TOKENS.Logger),
      });
      return { part: 'registry', start: () => heartbeat.start(), stop: () => heartbeat.stop() };
    })
    .inSingletonScope();
});
