import { ContainerModule } from 'inversify';
import type { ResolvedConfig } from '../../config/config.schema.js';
import { DaemonMetrics } from '../../metrics/daemon-metrics.js';
import { TOKENS } from '../tokens.js';

/** The daemon's Prometheus metrics: one registry per container, so per daemon. */
export const metricsModule = new ContainerModule(({ bind }) => {
  bind<DaemonMetrics>(TOKENS.Metrics)
    .toDynamicValue((ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      return new DaemonMetrics({ perOrganization: config.METRICS_ORG_LABELS === 'on' });
    })
    .inSingletonScope();
});
