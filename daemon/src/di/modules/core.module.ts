import { ContainerModule } from 'inversify';
import { createIntake, type Intake } from '@intake/core';
import type { SqlStorage } from '@intake/storage-sql';
import { TOKENS } from '../tokens.js';

export const coreModule = new ContainerModule(({ bind }) => {
  bind<Intake>(TOKENS.Intake)
    .toDynamicValue(async (ctx) => createIntake({ stores: await ctx.getAsync<SqlStorage>(TOKENS.Storage) }))
    .inSingletonScope();
});
