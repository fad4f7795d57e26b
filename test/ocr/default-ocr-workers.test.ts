/**
 * OCR_WORKERS=auto (the default): one OCR thread per core and per 4 GiB of memory, at most 4, at
 * least 1; a number given wins.
 */
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../daemon/src/config/config.schema.js';
import { defaultOcrWorkers } from '../../daemon/src/reading/default-ocr-workers.js';

const GIB = 1024 ** 3;

describe('OCR_WORKERS by default', () => {
  it('gives a small box one thread, and more only with cores and memory for them', () => {
    const cases: [cores: number, gib: number, workers: number][] = [
      [1, 1, 1], // a tiny VM: never none
      [4, 2, 1], // a Raspberry Pi with 2 GB
      [4, 4, 1], // a Raspberry Pi with 4 GB
      [4, 8, 2],
      [2, 24, 2], // the development machine: its cores decide
      [16, 64, 4], // a large server: at most 4
    ];
    for (const [cores, gib, workers] of cases)
      expect(defaultOcrWorkers(cores, gib * GIB), `${cores} cores, ${gib} GiB`).toBe(workers);
  });

  it('reads auto (or nothing) as the machine decides, and a number as given', () => {
    const parse = (value: string | undefined) => ConfigSchema.shape.OCR_WORKERS.safeParse(value);
    expect(parse(undefined).data).toBe(parse('auto').data);
    expect(parse('auto').data).toBeGreaterThanOrEqual(1);
    expect(parse('3').data).toBe(3);
    expect(parse('0').success).toBe(false);
    expect(parse('two').success).toBe(false);
  });
});
