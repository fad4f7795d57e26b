/** The dashboard's API types are what `npm run api:generate` would write from the daemon's OpenAPI document. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from './api-types.js';

describe("the dashboard's generated API types", () => {
  it('match the OpenAPI document (run `npm run api:generate` after changing a route or a wire schema)', async () => {
    const expected = await apiTypesSource();
    expect(expected).toContain("'/v1/extractors': {");
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8') === expected, `${API_TYPES_FILE} is stale`).toBe(true);
  });
});
