/**
 * The order in which the run hands test files to its workers: longest first, so that they finish
 * at about the same time instead of one starting a long file when the others are done.
 * Where vitest's results cache (under node_modules/.vite) holds a file's duration from an earlier
 * run, that duration is its cost; a fresh clone has no cache, and there a file the quick tier leaves
 * out (it spawns daemons, drives a browser, reads the corpus: test/support/tiers.ts) counts as
 * SLOW_FILE_MS and any other as QUICK_FILE_MS, the larger file first among equals. Both projects'
 * files are ordered together (they share one pool of workers).
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { slowReason } from './tiers.js';

/** What a file left out of the quick tier is assumed to take without a cached duration (a median of the full run's). */
export const SLOW_FILE_MS = 20_000;
/** What any other file is assumed to take without a cached duration. */
export const QUICK_FILE_MS = 1_500;

/** One file's assumed cost where no earlier run measured it (`file` relative to the repository, with `/`). */
export function assumedMs(file: string, source: string): number {
  return slowReason(file, source) === null ? QUICK_FILE_MS : SLOW_FILE_MS;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cost = new Map<TestSpecification, [number, number]>();
    for (const spec of files) {
      const file = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration;
      const size = fs.statSync(spec.moduleId).size;
      cost.set(spec, [cached ?? assumedMs(file, fs.readFileSync(spec.moduleId, 'utf8')), size]);
    }
    return Promise.resolve(
      [...files].sort((a, b) => {
        const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
        if (groupOrder !== 0) return groupOrder;
        const [msA, sizeA] = cost.get(a)!;
        const [msB, sizeB] = cost.get(b)!;
        return msB - msA || sizeB - sizeA;
      }),
    );
  }
}
