import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEV_CORPUS, HAS_CORPUS } from '../extraction/corpus-location.js';
import { SOURCE_CONDITION } from '../support/processes.js';

const run = promisify(execFile);
const invoice = path.join(DEV_CORPUS, 'dev-08.pdf');
/** The examples import @intake/* by name: resolve them to the sources, as the tests do. */
const env = { ...process.env, NODE_OPTIONS: SOURCE_CONDITION };

describe('examples', () => {
  it.skipIf(!HAS_CORPUS)('extract-file.ts reads one invoice with the library alone', async () => {
    const { stdout } = await run(
      'node_modules/.bin/tsx',
      ['--tsconfig', 'tsconfig.json', 'examples/extract-file.ts', invoice],
      { timeout: 60_000, env },
    );
    expect(stdout).toMatch(/dev-08\.pdf: invoice \(classifier confidence [\d.]+\)/);
    expect(stdout).toContain('invoice_number: "INV/2023/03/0008"');
    expect(stdout).toContain('total_amount: 279.84');
    expect(stdout).toMatch(/pages: 1, needs review: false/);
  });

  it('extract-file.ts explains its usage without a file', async () => {
    await expect(
      run('node_modules/.bin/tsx', ['--tsconfig', 'tsconfig.json', 'examples/extract-file.ts'], { env }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage') });
  });
});
