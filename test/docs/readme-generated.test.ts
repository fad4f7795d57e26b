/** README.md's generated tables (settings, errors) are what `npm run docs:generate` would write. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '@intake/daemon';
import { ERROR_CODES } from '@intake/core';
import { REPO_ROOT } from '../support/processes.js';
import { errorTable, regenerate, settingsTable } from './readme-reference.js';

const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

describe('README generated parts', () => {
  it('match the config schema and the error map (run `npm run docs:generate` after changing either)', () => {
    expect(regenerate(readme) === readme, 'README.md differs from `npm run docs:generate`').toBe(true);
  });

  it('list every setting and every error code once', () => {
    const settings = settingsTable();
    for (const key of Object.keys(ConfigSchema.shape)) expect(settings.split(`| \`${key}\` |`).length - 1, key).toBe(1);
    const errors = errorTable();
    for (const code of ERROR_CODES) expect(errors.split(`| \`${code}\` |`).length - 1, code).toBe(1);
  });
});
