import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { routeTable } from '../support/route-table.js';

describe('GET /v1/openapi.json', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi('pglite');
  });
  afterAll(() => api.close());

  it('serves a valid OpenAPI 3.1 document that holds every route, without a key', async () => {
    const res = await api.call('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(res.body));
    expect(result.valid, JSON.stringify('errors' in result ? result.errors : [])).toBe(true);
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(res.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const mounted = routeTable().map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(mounted.length).toBeGreaterThanOrEqual(12);
    for (const route of mounted) expect(documented, route).toContain(route);
    expect(res.body.paths['/v1/extractors'].post.requestBody.content['application/json'].schema).toBeDefined();
    expect(res.body.components.schemas.FieldDefinition).toBeDefined();
  });
});
