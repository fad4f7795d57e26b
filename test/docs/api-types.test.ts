/** The dashboard's API types are what `npm run api:generate` would write from the daemon's OpenAPI document. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@intake/daemon';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { routeTable } from '../support/route-table.js';
import { API_TYPES_FILE, apiTypesSource } from './api-types.js';

describe("the dashboard's generated API types", () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi('pglite');
  });
  afterAll(() => api.close());

  it('are generated from the document a serving app answers with: every mounted part, review included', async () => {
    // The harness mounts every optional part (mail in, ERP, review) as the daemon's http module does; the
    // generator reads the route table, so a part missing there leaves its operations out of the types.
    const served = await api.call('GET', '/v1/openapi.json');
    expect(served.status).toBe(200);
    const built = JSON.parse(JSON.stringify(buildOpenApiDocument(routeTable(), api.baseUrl)));
    expect(Object.keys(built.paths)).toEqual(Object.keys(served.body.paths));
    expect(Object.keys(built.paths)).toContain('/v1/documents/{job_id}/pages/{page}/words');
    expect(built).toEqual(served.body);
  });

  it('match the OpenAPI document (run `npm run api:generate` after changing a route or a wire schema)', async () => {
    const expected = await apiTypesSource();
    expect(expected).toContain("'/v1/extractors': {");
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8') === expected, `${API_TYPES_FILE} is stale`).toBe(true);
  });
});
