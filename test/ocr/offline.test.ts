import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './documents.js';

const run = promisify(execFile);

/** A new network namespace has no interface but a downed loopback: nothing is reachable at all. */
const canUnshare = spawnSync('unshare', ['-n', 'true']).status === 0;

describe('offline', () => {
  it(`reads scans and PDFs with the network unreachable${canUnshare ? ' (own network namespace, and every network call throwing)' : ' (every network call throwing)'}`, async () => {
    const node = [
      process.execPath,
      '--conditions=@intake/source',
      '--import',
      'tsx',
      '--import',
      './test/ocr/offline/no-network.mjs',
      path.join('test/ocr/offline/read-offline.ts'),
    ];
    const [command, ...args] = canUnshare ? ['unshare', '-n', ...node] : node;
    const { stdout, stderr } = await run(command!, args, { cwd: repoRoot, timeout: 60_000 });

    expect(JSON.parse(stdout)).toEqual({
      guarded: true,
      scan: 'ACME SUPPLIES LIMITED Invoice number 48213 Date 2024-03-15 Total due 1,234.56',
      pdf: 'Offline invoice 77',
    });
    // The guard ran in the main thread and in the OCR worker threads...
    expect(stderr.match(/^network guard on thread \d+$/gm)?.length).toBeGreaterThanOrEqual(2);
    // ...and the only network attempt was the child's own check that the guard works.
    expect(stderr.match(/^network attempt: .*$/gm)).toEqual(['network attempt: socket connect']);
  });
});
