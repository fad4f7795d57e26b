/** The handbook's generated tables (settings, errors) are what `npm run docs:generate` would write. */
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '@intake/daemon';
import { ERROR_CODES } from '@intake/core';
import { handbookFiles, readDoc } from './markdown.js';
import { GENERATED_PARTS, regenerate } from './readme-reference.js';

/** The table rows of a file that start with a code cell, e.g. "| `HTTP_PORT` |" or "| 400 | `not_found` |". */
const rowsNaming = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith('|') && line.includes(`| \`${name}\` |`)).length;

describe('generated parts of the handbook', () => {
  it.each(Object.keys(GENERATED_PARTS))(
    '%s matches the config schema and the error map (run `npm run docs:generate` after changing either)',
    (file) => {
      const text = readDoc(file);
      expect(regenerate(file, text) === text, `${file} differs from \`npm run docs:generate\``).toBe(true);
    },
  );

  it('document every setting once, in docs/configuration.md', () => {
    const text = readDoc('docs/configuration.md');
    for (const key of Object.keys(ConfigSchema.shape)) expect(rowsNaming(text, key), key).toBe(1);
  });

  it('document every error code once, in docs/api/errors.md', () => {
    const text = readDoc('docs/api/errors.md');
    for (const code of ERROR_CODES) expect(rowsNaming(text, code), code).toBe(1);
  });

  it('are only where the generator writes (a marker elsewhere would never be refreshed)', () => {
    const elsewhere = handbookFiles().filter(
      (file) => !(file in GENERATED_PARTS) && readDoc(file).includes('<!-- generated:'),
    );
    expect(elsewhere).toEqual([]);
  });
});
