import { mergeConfig } from 'vitest/config';
import full from '../../vitest.config.js';
import quick from '../../vitest.quick.config.js';

/**
 * The suite's own config (or the quick tier's, with INTAKE_CPU_TIER=quick) plus the CPU probe as
 * a setup file of every project, for `npm run bench:suite` (run.ts).
 */
export default mergeConfig(process.env.INTAKE_CPU_TIER === 'quick' ? quick : full, {
  test: { setupFiles: ['test/bench/suite/cpu-probe.ts'] },
});
