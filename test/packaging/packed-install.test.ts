/**
 * The packages as a user gets them: `npm pack` of every workspace package, the tarballs installed
 * into a new project in a temp folder (nothing else from this repository; third-party packages from
 * the npm cache, pinned by a lockfile seeded from the repository's), two TypeScript programs there
 * (test/packaging/app) compiled by that project's `tsc` against the shipped declarations, then run
 * with plain `node`: one extracts a PDF with the library alone, one uses @intake/storage-sql on
 * PGlite (extractor, submission, job). The installed daemon serves the dashboard its package ships
 * built, with no esbuild installed.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../support/build.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import {
  childEnv,
  makeMigratedDataDir,
  makeTempDir,
  removeTempDirs,
  REPO_ROOT,
  startDaemon,
} from '../support/processes.js';

const run = promisify(execFile);
const APP_SOURCES = path.join(REPO_ROOT, 'test', 'packaging', 'app');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Generous hang guards for npm and tsc on a loaded two-core machine; no assertion on time. */
const STEP_TIMEOUT_MS = 300_000;

/** A child environment that resolves packages as a user's would: no @intake/source condition. */
const env = () =>
  childEnv({
    NODE_OPTIONS: undefined,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  });

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** `--workspace=DIR` for every workspace a user can install: the private extraction lab is never packed. */
function publishedWorkspaces(): string[] {
  return [...fs.readdirSync(path.join(REPO_ROOT, 'packages')).map((d) => `packages/${d}`), 'daemon']
    .filter((d) => fs.existsSync(path.join(REPO_ROOT, d, 'package.json')))
    .filter((d) => !readJson<{ private?: boolean }>(path.join(REPO_ROOT, d, 'package.json')).private)
    .map((d) => `--workspace=${d}`);
}

/**
 * A package-lock.json for the new project holding the repository's third-party entries (resolved
 * URL and integrity of exactly the versions tested here), none of its workspaces. npm installs what
 * the tarballs need from those entries and the cache, and drops the rest.
 */
function seedLockfile(app: string): void {
  const lock = readJson<{ packages: Record<string, { link?: boolean }> }>(path.join(REPO_ROOT, 'package-lock.json'));
  const manifest = readJson<Record<string, unknown>>(path.join(app, 'package.json'));
  const packages: Record<string, unknown> = { '': manifest };
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key.startsWith('node_modules/') && !key.startsWith('node_modules/@intake/') && !entry.link)
      packages[key] = entry;
  }
  fs.writeFileSync(
    path.join(app, 'package-lock.json'),
    JSON.stringify({ name: manifest.name, lockfileVersion: 3, requires: true, packages }),
  );
}

describe('packed packages installed into a new project, run with plain node', { timeout: STEP_TIMEOUT_MS * 3 }, () => {
  let app: string;
  let work: string;
  let pdf: string;
  let install = '';
  let dashboardFiles: string[] = [];

  beforeAll(async () => {
    work = makeTempDir('intake-packed-');
    // dist/ and the dashboard's bundle as the sources are now (`npm run build`; quick when nothing changed).
    await ensureBuilt();
    const tarballs = path.join(work, 'tarballs');
    fs.mkdirSync(tarballs);
    const packed = JSON.parse(
      (
        await run(
          NPM,
          ['pack', ...publishedWorkspaces(), '--pack-destination', tarballs, '--json', '--ignore-scripts'],
          {
            cwd: REPO_ROOT,
            env: env(),
            timeout: STEP_TIMEOUT_MS,
            maxBuffer: 64 << 20,
          },
        )
      ).stdout,
    ) as { name: string; filename: string; files: { path: string }[] }[];
    dashboardFiles = packed.find((p) => p.name === '@intake/dashboard')?.files.map((f) => f.path) ?? [];

    app = path.join(work, 'app');
    fs.mkdirSync(app);
    const dependencies = Object.fromEntries(packed.map((p) => [p.name, `file:../tarballs/${p.filename}`]));
    const rootTypes = readJson<{ version: string }>(
      path.join(REPO_ROOT, 'node_modules', '@types', 'node', 'package.json'),
    ).version;
    const typescript = readJson<{ version: string }>(
      path.join(REPO_ROOT, 'node_modules', 'typescript', 'package.json'),
    ).version;
    fs.writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({
        name: 'intake-packed-app',
        private: true,
        type: 'module',
        dependencies,
        devDependencies: { '@types/node': rootTypes, typescript },
        // As docs/library.md tells users of @intake/ocr-onnx (which the daemon depends on): its
        // onnxruntime-node's install script only downloads CUDA files, from a host an offline
        // install cannot reach, and npm 11 ran it although scripts are said to be blocked by default.
        allowScripts: { 'onnxruntime-node': false },
        // The packages' own "@intake/core": "0.1.0" must be these tarballs, never a registry lookup.
        overrides: Object.fromEntries(packed.map((p) => [p.name, `$${p.name}`])),
      }),
    );
    // The line docs/operations.md tells users to put in their .npmrc (the repository's own .npmrc).
    fs.copyFileSync(path.join(REPO_ROOT, '.npmrc'), path.join(app, '.npmrc'));
    seedLockfile(app);
    for (const file of fs.readdirSync(APP_SOURCES)) fs.copyFileSync(path.join(APP_SOURCES, file), path.join(app, file));
    pdf = path.join(app, 'invoice.pdf');
    fs.writeFileSync(pdf, await makeInvoicePdf({ number: 'INV-2026-0777', total: '1,200.00' }));

    // Offline first: the seeded lockfile pins every third-party package to what the repository's own
    // install put in the npm cache, so no registry metadata is needed.
    try {
      await run(NPM, ['install', '--offline', '--no-audit', '--no-fund'], {
        cwd: app,
        env: env(),
        timeout: STEP_TIMEOUT_MS,
      });
      install = 'offline';
    } catch (error) {
      console.warn(
        `npm install --offline failed, retrying with --prefer-offline: ${String((error as { stderr?: string }).stderr ?? error).slice(0, 500)}`,
      );
      await run(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: app,
        env: env(),
        timeout: STEP_TIMEOUT_MS,
      });
      install = 'prefer-offline';
    }
    console.log(
      `packed ${packed.length} packages (${packed.map((p) => `${p.filename}: ${p.files.length} files`).join(', ')}); installed ${install}`,
    );
  }, STEP_TIMEOUT_MS * 3);
  afterAll(() => removeTempDirs(), STEP_TIMEOUT_MS);

  it('ships built JavaScript and declarations, and the project holds nothing from the repository but the tarballs', () => {
    for (const name of ['core', 'storage-sql', 'ocr-tesseract']) {
      const installed = path.join(app, 'node_modules', '@intake', name);
      expect(
        fs.lstatSync(installed).isSymbolicLink(),
        `${installed} must be an installed copy, not a link into the repository`,
      ).toBe(false);
      expect(fs.existsSync(path.join(installed, 'dist', 'index.js'))).toBe(true);
      expect(fs.existsSync(path.join(installed, 'dist', 'index.d.ts'))).toBe(true);
    }
    expect(fs.existsSync(path.join(app, 'node_modules', 'tsx'))).toBe(false);
  });

  it("skips onnxruntime-node's CUDA download with the documented .npmrc line (no network needed)", async () => {
    // npm hands the .npmrc knob to scripts as npm_config_onnxruntime_node_install: the install script
    // run that way exits at once; without the knob it would fetch CUDA providers from a NuGet feed.
    const ort = path.join(app, 'node_modules', 'onnxruntime-node');
    await run(NPM, ['exec', '--offline', '--', 'node', path.join(ort, 'script', 'install.js')], {
      cwd: app,
      env: env(),
      timeout: STEP_TIMEOUT_MS,
    });
    const bin = path.join(ort, 'bin', 'napi-v6', process.platform, process.arch);
    expect(fs.existsSync(path.join(bin, 'libonnxruntime_providers_cuda.so'))).toBe(false);
  });

  it('type-checks both programs against the shipped declarations (tsc in the new project)', async () => {
    const tsc = path.join(app, 'node_modules', 'typescript', 'bin', 'tsc');
    const { stdout } = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], {
      cwd: app,
      env: env(),
      timeout: STEP_TIMEOUT_MS,
    });
    expect(stdout).toBe('');
    expect(fs.existsSync(path.join(app, 'dist', 'extract.js'))).toBe(true);
    expect(fs.existsSync(path.join(app, 'dist', 'storage.js'))).toBe(true);
  });

  it('extracts a PDF with the library alone (no database), under plain node', async () => {
    const { stdout } = await run(process.execPath, ['dist/extract.js', pdf], {
      cwd: app,
      env: env(),
      timeout: STEP_TIMEOUT_MS,
    });
    const out = JSON.parse(stdout) as { documentType: string; pages: number; extracted: Record<string, unknown> };
    expect(out).toMatchObject({ documentType: 'invoice', pages: 1 });
    expect(out.extracted).toMatchObject({ invoice_number: 'INV-2026-0777', total_amount: 1200 });
  });

  it('creates an extractor, submits a document and reads the job on @intake/storage-sql (PGlite), under plain node', async () => {
    const { stdout } = await run(process.execPath, ['dist/storage.js', pdf], {
      cwd: app,
      env: env(),
      timeout: STEP_TIMEOUT_MS,
    });
    const out = JSON.parse(stdout) as {
      submitted: string;
      read: string;
      status: string;
      environment: string;
      metadata: unknown;
      extracted: Record<string, unknown>;
    };
    expect(out.submitted).toMatch(/^job_\w+$/);
    expect(out).toMatchObject({
      read: out.submitted,
      status: 'completed',
      environment: 'live',
      metadata: { source: 'packed-test' },
    });
    expect(out.extracted).toMatchObject({ invoice_number: 'INV-2026-0777' });
  });

  it("installs the same project with Node 20's own npm 10 as well: no CUDA download, the daemon's CLI runs", async () => {
    // npm 10 ignores `allowScripts`: only the .npmrc line keeps onnxruntime-node's script from the network.
    const app10 = path.join(work, 'app-npm10');
    fs.mkdirSync(app10);
    for (const file of ['package.json', 'package-lock.json', '.npmrc'])
      fs.copyFileSync(path.join(app, file), path.join(app10, file));
    // The project's lockfile as npm 11 wrote it, so npm 10 resolves exactly the same packages.
    // One npx for both commands (each npx resolves npm@10 and starts two npms). `--omit=dev`: this
    // project's devDependencies (typescript, @types/node) are for the tsc test above, which a user
    // who installs the daemon does not have; everything the daemon and onnxruntime-node need is a
    // dependency and still installed, its install script run by npm 10.
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
    const { stdout: version } = await run(
      npx,
      ['--yes', '--package', 'npm@10', '--call', 'npm --version && npm install --omit=dev --prefer-offline'],
      { cwd: app10, env: env(), timeout: STEP_TIMEOUT_MS },
    );
    expect(version.trim().split('\n')[0]).toMatch(/^10\./);
    expect(fs.existsSync(path.join(app10, 'node_modules', 'typescript'))).toBe(false);
    const bin = path.join(app10, 'node_modules', 'onnxruntime-node', 'bin', 'napi-v6', process.platform, process.arch);
    expect(fs.existsSync(path.join(bin, 'libonnxruntime_providers_cuda.so'))).toBe(false);
    const daemonPackage = readJson<{ version: string }>(
      path.join(app10, 'node_modules', '@intake', 'daemon', 'package.json'),
    );
    const { stdout } = await run(
      process.execPath,
      [path.join(app10, 'node_modules', '@intake', 'daemon', 'bin', 'intake.mjs'), '--version'],
      { cwd: app10, env: env(), timeout: STEP_TIMEOUT_MS },
    );
    expect(stdout.trim()).toBe(daemonPackage.version);
  });

  it('serves the dashboard its package ships built, with no esbuild installed (intake start, plain node)', async () => {
    expect(dashboardFiles).toEqual(expect.arrayContaining(['dist/ui/index.html', 'dist/ui/app.js', 'dist/ui/app.css']));
    expect(dashboardFiles.filter((f) => f.startsWith('ui/'))).toEqual([]);
    expect(fs.existsSync(path.join(app, 'node_modules', 'esbuild')), 'esbuild installed in the new project').toBe(
      false,
    );
    const daemon = await startDaemon(
      { DATA_DIR: makeMigratedDataDir('intake-packed-data-') },
      { bin: path.join(app, 'node_modules', '@intake', 'daemon', 'bin', 'intake.mjs'), cwd: app },
    );
    try {
      const page = await fetch(`${daemon.httpUrl}/documents`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/assets/app.js');
      const js = await fetch(`${daemon.httpUrl}/assets/app.js`);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toContain('text/javascript');
    } finally {
      await daemon.stop();
    }
  });
});
