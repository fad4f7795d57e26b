import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../support/processes.js';

const run = promisify(execFile);

describe('examples', () => {
  it('embed-extractors.ts runs and shows creation, refusal and authentication', async () => {
    const { stdout } = await run(
      'node_modules/.bin/tsx',
      ['--tsconfig', 'tsconfig.json', 'examples/embed-extractors.ts'],
      { timeout: 60_000, env: { ...process.env, NODE_OPTIONS: SOURCE_CONDITION } },
    );
    expect(stdout).toMatch(/^created ext_\w+ "Supplier invoices" with 2 fields$/m);
    expect(stdout).toContain('refused: invalid_request');
    expect(stdout).toContain('field_definitions.0.validation.min');
    expect(stdout).toContain('test key belongs to the new organization, 60 requests/minute');
  });
});
