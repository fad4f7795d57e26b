import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** One file the daemon serves, with its gzip form made once. */
export interface DashboardAsset {
  body: Buffer;
  gzip: Buffer;
  contentType: string;
  /** Strong ETag of the body. */
  etag: string;
}

/** The dashboard built at daemon start: its page and assets, in memory, ready to serve. */
export interface DashboardBundle {
  /** The page every dashboard path answers with. */
  html: DashboardAsset;
  /** Under /assets/: `app.js`, `app.css`. */
  assets: ReadonlyMap<string, DashboardAsset>;
}

const UI_DIR = fileURLToPath(new URL('../ui/', import.meta.url));

const asset = (body: Buffer, contentType: string): DashboardAsset => ({
  body,
  gzip: gzipSync(body, { level: 9 }),
  contentType,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/**
 * Bundles ui/main.tsx (Preact) and ui/styles.css with esbuild, minified, in memory. Takes a few
 * hundred milliseconds; the daemon does it once at start.
 */
export async function buildDashboard(): Promise<DashboardBundle> {
  const result = await build({
    entryPoints: { app: `${UI_DIR}main.tsx` },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    // Core's modules the page imports (`@intake/core/values`) are bundled from their TypeScript.
    conditions: ['@intake/source'],
    outdir: '/assets',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  if (!js) throw new Error('the dashboard bundle has no JavaScript output');
  const css = await fs.readFile(`${UI_DIR}styles.css`);
  const html = await fs.readFile(`${UI_DIR}index.html`);
  return {
    html: asset(html, 'text/html; charset=utf-8'),
    assets: new Map([
      ['app.js', asset(Buffer.from(js.contents), 'text/javascript; charset=utf-8')],
      ['app.css', asset(css, 'text/css; charset=utf-8')],
    ]),
  };
}
