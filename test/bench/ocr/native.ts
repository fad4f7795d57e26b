/**
 * The native references the OCR benchmark measures against: Debian's `tesseract` command and
 * poppler's `pdftotext`, installed with apt-get when missing.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { languageModelFolder } from '@intake/ocr-tesseract';

const run = promisify(execFile);

const has = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Installs the Debian packages of missing commands; returns the commands still missing. */
export function ensureCommands(packages: Record<string, string>): string[] {
  const missing = Object.keys(packages).filter((command) => !has(command));
  if (missing.length > 0) {
    console.log(`installing ${missing.map((c) => packages[c]).join(' ')} with apt-get...`);
    const apt = (args: string[]): void =>
      void spawnSync('apt-get', args, { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', ...missing.map((c) => packages[c]!)]);
  }
  return Object.keys(packages).filter((command) => !has(command));
}

/**
 * A tessdata folder holding the very models tesseract.js uses (4.0.0_best_int, unzipped, one per language), so the
 * native command can also be timed on identical work; Debian's own eng model is a different one.
 */
export function sameModelTessdata(languages: readonly string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-bench-tessdata-'));
  for (const code of languages) {
    const gz = fs.readFileSync(path.join(languageModelFolder(code), `${code}.traineddata.gz`));
    fs.writeFileSync(path.join(dir, `${code}.traineddata`), zlib.gunzipSync(gz));
  }
  return dir;
}

/** Wall-clock and CPU seconds (user + system, all processes) of one measured run. */
export interface Timing {
  wall: number;
  cpu: number;
}

/**
 * Runs a bash script and times it; bash's `times` reports the CPU of every child it waited for,
 * which on a machine shared with other work is a steadier measure than the wall clock.
 */
async function timedScript(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Timing> {
  const started = performance.now();
  const { stdout } = await run('bash', ['-c', `${script}\ntimes`, 'bench', ...args], { env, maxBuffer: 1 << 20 });
  const wall = (performance.now() - started) / 1000;
  // The last line of `times` holds the children's user and system time, as "0m14.180s 0m1.330s".
  const children = [...(stdout.trim().split('\n').at(-1) ?? '').matchAll(/(\d+)m([\d.]+)s/g)];
  return { wall, cpu: children.reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0) };
}

/**
 * `tesseract` reading every image into words with boxes (TSV, the equivalent of tesseract.js'
 * blocks), two processes side by side like the two pool workers. OMP_THREAD_LIMIT=1 as Debian's
 * build otherwise spins OpenMP threads that make each page several times slower. `dotproduct`
 * picks tesseract's matrix code instead of its detection of the CPU (`sse`: the 128-bit SSE4.1
 * path, the width of wasm SIMD, which native tesseract takes on a CPU without AVX2).
 */
export function nativeTesseract(
  files: string[],
  options: { dpi: number; tessdata?: string; languages?: readonly string[]; parallel: number; dotproduct?: string },
): Promise<Timing> {
  const model = `${options.tessdata ? `--tessdata-dir '${options.tessdata}'` : ''} -l ${(options.languages ?? ['eng']).join('+')}${options.dotproduct ? ` -c dotproduct=${options.dotproduct}` : ''}`;
  const script = `printf '%s\\0' "$@" | xargs -0 -n 1 -P ${options.parallel} sh -c 'tesseract "$0" - --psm 3 --dpi ${options.dpi} ${model} tsv >/dev/null 2>&1'`;
  return timedScript(script, files, { ...process.env, OMP_THREAD_LIMIT: '1' });
}

/** The SIMD extensions `tesseract --version` says it found on this CPU ("AVX512BW, AVX2, ..."). */
export function nativeSimd(): string {
  const out = spawnSync('sh', ['-c', 'tesseract --version'], { encoding: 'utf8' });
  const found = [...`${out.stdout}${out.stderr}`.matchAll(/Found (AVX\w*|SSE[\w.]*|FMA|NEON)/g)].map((m) => m[1]);
  return found.length > 0 ? found.join(', ') : 'none reported';
}

/** `pdftotext` over every PDF, one process per file, one after another. */
export function pdftotext(files: string[], extraArgs: string[] = []): Promise<Timing> {
  return timedScript(`for f in "$@"; do pdftotext ${extraArgs.join(' ')} "$f" - >/dev/null; done`, files);
}
