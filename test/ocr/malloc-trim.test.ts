/**
 * The reader process's allocator trim (daemon/src/reading/malloc-trim.ts): memory freed between
 * blocks still in use stays resident in glibc's arenas until trimmed, and the trim gives it back.
 * Run in a child process of its own (with `--expose-gc`, to free the buffers when the script says),
 * on the built daemon, as the reader process runs it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './documents.js';

const MODULE = pathToFileURL(path.join(repoRoot, 'daemon/dist/reading/malloc-trim.js')).href;

/**
 * 2000 buffers of 100 KB (below glibc's mmap threshold, so in its arenas), one in a hundred kept:
 * the freed ones lie between live blocks, where freeing alone returns nothing.
 */
const SCRIPT = `
const { mallocTrim } = await import(${JSON.stringify(MODULE)});
const keep = [];
let freed = [];
for (let i = 0; i < 2000; i++) {
  const buffer = Buffer.alloc(100_000, 1);
  (i % 100 === 99 ? keep : freed).push(buffer);
}
freed = null;
for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((resolve) => setImmediate(resolve)); }
const before = process.memoryUsage.rss();
mallocTrim();
mallocTrim();
console.log(JSON.stringify({ before, after: process.memoryUsage.rss(), kept: keep.length }));
`;

describe('malloc trim in the reader process', () => {
  it.runIf(process.platform === 'linux')('gives the free memory of the allocator back to the system', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--input-type=module', '--eval', SCRIPT],
      { env: { ...process.env, MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '' } },
    );
    const { before, after, kept } = JSON.parse(stdout) as { before: number; after: number; kept: number };
    expect(kept).toBe(20);
    // About 196 MB were freed; at least half of it must leave the process.
    expect(before - after).toBeGreaterThan(100 * 1024 * 1024);
  });
});
