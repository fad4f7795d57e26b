import type { Context, Next } from 'koa';
import { DASHBOARD_CSP, type DashboardAsset, type DashboardBundle } from '@intake/dashboard';

/** Path trees the dashboard never answers (the API, and the session endpoint). */
const NOT_DASHBOARD = /^\/(v1|api|session)(\/|$)/;

function setSecurityHeaders(ctx: Context): void {
  ctx.set('Content-Security-Policy', DASHBOARD_CSP);
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
}

function send(ctx: Context, asset: DashboardAsset): void {
  setSecurityHeaders(ctx);
  // Assets keep their names across versions: always revalidated, answered 304 when unchanged.
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', asset.etag);
  ctx.set('Vary', 'Accept-Encoding');
  if (ctx.get('if-none-match') === asset.etag) {
    ctx.status = 304;
    return;
  }
  ctx.type = asset.contentType;
  if (/\bgzip\b/.test(ctx.get('accept-encoding'))) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = asset.gzip;
  } else ctx.body = asset.body;
  // After the body: a Buffer body sets application/octet-stream.
  ctx.type = asset.contentType;
}

/**
 * Serves the dashboard: `/assets/*` files, and the page itself for any other GET a browser makes
 * for HTML (the app routes client-side: /documents, /keys, ...). Runs after the API's routers, so it
 * only sees what they left unanswered; clients asking for JSON still get the API's 404.
 */
export function serveDashboard(bundle: DashboardBundle) {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (NOT_DASHBOARD.test(ctx.path)) return;
    if (ctx.path.startsWith('/assets/')) {
      const asset = bundle.assets.get(ctx.path.slice('/assets/'.length));
      if (asset) send(ctx, asset);
      return;
    }
    if (ctx.accepts('html') === 'html' && (ctx.get('accept') || '').includes('text/html')) send(ctx, bundle.html);
  };
}
