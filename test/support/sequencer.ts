/**
 * The order in which the run hands test files to its workers: longest first, so that they finish
 * at about the same time instead of one starting a long file when the others are done.
 * Where vitest's results cache (under node_modules/.vite) holds a file's duration from an earlier
 * run, that duration is its cost; a fresh clone has no cache, and there a file the quick tier leaves
 * out (it spawns daemons, drives a browser, reads the corpus: test/support/tiers.ts) counts as
 * SLOW_FILE_MS and any other as QUICK_FILE_MS, the larger file first among equals.
 *
 * The projects' files share one pool of workers, but a worker of a project with `isolate: false`
 * goes on to its next file only when the next file in this order is of the same project: otherwise
 * vitest ends it, and the project's next file starts a new worker that imports the packages again.
 * So each such project's files come as one run (longest first within it), after the files that run
 * each in a process of their own (those start one anyway); of two such projects, the one with more
 * work comes first, which leaves the shortest files for the end.
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

/** Where a file goes in the order: 0 for a process of its own, then the shared projects' runs in order. */
function blockRanks(files: TestSpecification[], cost: Map<TestSpecification, [number, number]>): Map<string, number> {
  const work = new Map<string, number>();
  for (const spec of files) {
    if (spec.project.config.isolate === false)
      work.set(spec.project.name, (work.get(spec.project.name) ?? 0) + cost.get(spec)![0]);
  }
  const shared = [...work].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  return new Map(shared.map((name, index) => [name, index + 1]));
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
    const ranks = blockRanks(files, cost);
    const block = (spec: TestSpecification): number => ranks.get(spec.project.name) ?? 0;
    return Promise.resolve(
      [...files].sort((a, b) => {
        const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
        if (groupOrder !== 0) return groupOrder;
        if (block(a) !== block(b)) return block(a) - block(b);
        const [msA, sizeA] = cost.get(a)!;
        const [msB, sizeB] = cost.get(b)!;
        return msB - msA || sizeB - sizeA;
      }),
    );
  }
}
