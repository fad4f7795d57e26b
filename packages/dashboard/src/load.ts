import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One file the daemon serves, with its gzip form made once. */
export interface DashboardAsset {
  body: Buffer;
  gzip: Buffer;
  contentType: string;
  /** Strong ETag of the body. */
  etag: string;
}

/** The dashboard's page and assets, in memory, ready to serve. */
export interface DashboardBundle {
  /** The page every dashboard path answers with. */
  html: DashboardAsset;
  /** Under /assets/: `app.js`, `app.css`. */
  assets: ReadonlyMap<string, DashboardAsset>;
}

/**
 * Where `npm run build` writes the bundle (scripts/bundle.mjs). The same URL from src/ (run from the
 * sources) and from dist/ (built): both folders sit beside each other in the package.
 */
export const DASHBOARD_DIR = fileURLToPath(new URL('../dist/ui/', import.meta.url));

const asset = (body: Buffer, contentType: string): DashboardAsset => ({
  body,
  gzip: gzipSync(body, { level: 9 }),
  contentType,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/**
 * Reads the dashboard bundled at build time (`dist/ui/`, or `dir`): its page, `app.js` and
 * `app.css`, each with its gzip form and ETag. No bundler runs here. Fails with a message naming
 * the folder and the command that fills it when a file is missing (a source checkout that was
 * never built).
 */
export async function loadDashboard(dir: string = DASHBOARD_DIR): Promise<DashboardBundle> {
  const read = async (name: string, contentType: string): Promise<DashboardAsset> => {
    try {
      return asset(await fs.readFile(path.join(dir, name)), contentType);
    } catch (error) {
      throw new Error(
        `The dashboard's ${name} is missing from ${dir}: run \`npm run build\` in the repository (or set DASHBOARD=off)`,
        { cause: error },
      );
    }
  };
  const [html, js, css] = await Promise.all([
    read('index.html', 'text/html; charset=utf-8'),
    read('app.js', 'text/javascript; charset=utf-8'),
    read('app.css', 'text/css; charset=utf-8'),
  ]);
  return {
    html,
    assets: new Map([
      ['app.js', js],
      ['app.css', css],
    ]),
  };
}
