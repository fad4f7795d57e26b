import type { Context, Next } from 'koa';
import { AppError } from '@intake/core';
import type { DaemonMetrics, ScrapeSources } from './daemon-metrics.js';
import { mayReadMetrics } from './metrics-access.js';

/** Where the metrics are served. */
export const METRICS_PATH = '/metrics';

/** Methods counted by name; any other (a client may send anything) is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label of a request: the template its route set in `ctx.state.route` (mountRoutes, or
 * the metrics endpoint), else `none` (dashboard pages and files, sign-in, unknown paths). Raw paths
 * never become labels: each would be a series of its own.
 */
const routeOf = (ctx: Context): string => (typeof ctx.state.route === 'string' ? ctx.state.route : 'none');

/** Outermost middleware: counts and times every request by route template, method and final status. */
export function countRequests(metrics: DaemonMetrics) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = METHODS.has(ctx.method) ? ctx.method : 'OTHER';
      metrics.httpAnswered(routeOf(ctx), method, ctx.status, (performance.now() - started) / 1000);
    }
  };
}

export interface MetricsEndpointOptions {
  metrics: DaemonMetrics;
  /** METRICS_TOKEN. */
  token: string | undefined;
  sources: ScrapeSources;
}

/**
 * GET /metrics in the Prometheus text format, to the clients `mayReadMetrics` lets in. Others get
 * the very answer an unknown path gets (404 not_found): nothing tells a scanner that metrics exist
 * here, nor whether a token would open them.
 */
export function metricsEndpoint(options: MetricsEndpointOptions) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== METRICS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    if (!mayReadMetrics({ remoteAddress: ctx.req.socket.remoteAddress, headers: ctx.req.headers }, options.token))
      throw new AppError('not_found', `No route for ${ctx.method} ${ctx.path}`);
    ctx.state.route = METRICS_PATH;
    ctx.body = await options.metrics.scrape(options.sources);
    ctx.type = options.metrics.contentType;
    ctx.set('Cache-Control', 'no-store');
  };
}
