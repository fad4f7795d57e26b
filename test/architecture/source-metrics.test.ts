import { describe, expect, it } from 'vitest';
import { functionsOf, lineCount, measureSources, percentile } from './source-metrics.js';

/** Issue 16's measure of the tree it was filed against: the sizes may shrink, never grow. */
const LIMITS = { medianLines: 51, p90Lines: 151, longestFunctionLines: 108 };

describe('source size', () => {
  it('keeps the median and 90th-percentile file length and the longest function at or below issue 16 levels', () => {
    const m = measureSources();
    expect(m.files).toBeGreaterThan(200);
    expect(m.medianLines).toBeLessThanOrEqual(LIMITS.medianLines);
    expect(m.p90Lines).toBeLessThanOrEqual(LIMITS.p90Lines);
    const longest = m.longestFunction;
    expect(longest.lines, `${longest.name} in ${longest.file}`).toBeLessThanOrEqual(LIMITS.longestFunctionLines);
    expect(longest.lines).toBeGreaterThan(20);
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
