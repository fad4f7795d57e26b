/**
 * Bundles the dashboard for the browser: ui/main.tsx (Preact) with esbuild, minified, plus
 * ui/styles.css and ui/index.html, into dist/ui/ as app.js, app.css and index.html. Part of
 * `npm run build` (the repository's `prepare`, and this package's `build` and `prepack`), so a
 * running daemon only reads these files: esbuild is a development dependency of this package and is
 * never loaded at run time.
 *
 * A file is replaced only when its content changed, by renaming a complete temporary file over it:
 * a daemon starting meanwhile (the tests build while others run) never reads half a file.
 *
 *   node packages/dashboard/scripts/bundle.mjs
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const UI = fileURLToPath(new URL('../ui/', import.meta.url));
const OUT = fileURLToPath(new URL('../dist/ui/', import.meta.url));

const result = await build({
  entryPoints: { app: path.join(UI, 'main.tsx') },
  bundle: true,
  write: false,
  minify: true,
  format: 'esm',
  target: ['es2022'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // Core's modules the page imports (`@intake/core/values`) are bundled from their TypeScript.
  conditions: ['@intake/source'],
  outdir: OUT,
  legalComments: 'none',
  logLevel: 'warning',
});
const js = result.outputFiles.find((file) => file.path.endsWith('.js'));
if (!js) throw new Error('the dashboard bundle has no JavaScript output');

const outputs = {
  'app.js': js.contents,
  // As they are; the page names /assets/app.js and /assets/app.css.
  'app.css': await fs.readFile(path.join(UI, 'styles.css')),
  'index.html': await fs.readFile(path.join(UI, 'index.html')),
};
await fs.mkdir(OUT, { recursive: true });
for (const [name, contents] of Object.entries(outputs)) {
  const target = path.join(OUT, name);
  const current = await fs.readFile(target).catch(() => null);
  if (current && Buffer.compare(current, Buffer.from(contents)) === 0) continue;
  const temporary = `${target}.${process.pid}.tmp`;
  await fs.writeFile(temporary, contents);
  await fs.rename(temporary, target);
}
