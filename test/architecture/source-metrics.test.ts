import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  functionsOf,
  functionsOver,
  isReexportOnly,
  lineCount,
  listSourceFiles,
  measureSources,
  percentile,
  type LongestFunction,
} from './source-metrics.js';

/**
 * Issue 36's rule: no function in the sources (listSourceFiles) over 80 lines, counted as
 * functionsOf counts them, first line to last. A longer function does more than one thing; split it
 * by reason to change (one function per command family, per event, per step), not by length.
 */
const MAX_FUNCTION_LINES = 80;

const where = (fn: LongestFunction): string => `${fn.file}:${fn.line} ${fn.name} (${fn.lines} lines)`;

describe('source size', () => {
  // Parsing every source file takes seconds: once.
  let long: LongestFunction[];
  beforeAll(() => {
    long = functionsOver(MAX_FUNCTION_LINES);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(listSourceFiles().length).toBeGreaterThan(200);
    expect(long.map(where), 'split these functions by reason to change').toEqual([]);
  });

  it('finds a function of 81 lines and lets one of 80 pass', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'intake-metrics-'));
    try {
      const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');
      const text = `export function short() {\n${body(80)}\n}\nexport function long() {\n${body(81)}\n}\n`;
      mkdirSync(path.join(root, 'packages', 'x', 'src'), { recursive: true });
      writeFileSync(path.join(root, 'packages', 'x', 'src', 'a.ts'), text);
      expect(functionsOver(MAX_FUNCTION_LINES, root).map(where)).toEqual(['packages/x/src/a.ts:81 long (81 lines)']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('measures the figures metrics:source prints', () => {
    const m = measureSources();
    expect(m.files).toBeGreaterThan(200);
    expect(m.medianLines).toBeGreaterThan(0);
    expect(m.p90Lines).toBeGreaterThanOrEqual(m.medianLines);
    expect(m.longestFunction.lines).toBeGreaterThan(20);
  });

  it('leaves out files that only re-export', () => {
    expect(isReexportOnly('a.ts', "export { a } from './a.js';\nexport type * from './b.js';\n")).toBe(true);
    expect(isReexportOnly('a.ts', "export { a } from './a.js';\nexport const b = 1;\n")).toBe(false);
    expect(isReexportOnly('a.ts', '')).toBe(false);
  });

  it('counts lines, percentiles and every kind of function as the measure says', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\nb\n')]).toEqual([
      0, 1, 1, 2, 2,
    ]);
    expect([
      percentile([1, 2, 3, 4], 0.5),
      percentile([1, 2, 3], 0.5),
      percentile([5], 0.9),
      percentile([], 0.5),
    ]).toEqual([3, 2, 5, 0]);
    const text = [
      'export function one() {',
      '  return 1;',
      '}',
      'const arrow = (a: number) => {',
      '  const b = a;',
      '  return b;',
      '};',
      'class C {',
      '  constructor() {}',
      '  method(): void {',
      '    void arrow(1);',
      '  }',
      '  get value() { return 1; }',
      '}',
      'declare function bodiless(): void;',
    ].join('\n');
    const found = functionsOf('x.ts', text).map((f) => `${f.name}:${f.line}:${f.lines}`);
    expect(found).toEqual(['one:1:3', 'arrow:4:4', 'constructor:9:1', 'method:10:3', 'value:13:1']);
  });
});
