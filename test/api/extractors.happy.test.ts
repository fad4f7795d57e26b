import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { eventually } from '../support/wait.js';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';

describe.each(DB_KINDS)('extractors API on %s', (kind) => {
  let api: ApiHarness;
  let key: string;
  beforeAll(async () => {
    api = await startApi(kind);
    key = (await api.createOrg()).live_key;
  });
  afterAll(() => api.close());

  it('creates an extractor: 201, active, unused, all fields of the spec', async () => {
    const res = await api.call('POST', '/v1/extractors', { key, body: invoiceExtractor() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Invoices', document_type: 'invoice', is_active: true, usage_count: 0 });
    expect(res.body.id).toMatch(/^ext_[0-9a-z]{20}$/);
    expect(res.body.org_id).toMatch(/^org_/);
    expect(res.body.created_by).toMatch(/^user_/);
    expect(res.body.created_at).toBe(res.body.updated_at);
    expect(res.body.field_definitions).toEqual(invoiceExtractor().field_definitions);
    const got = await api.call('GET', `/v1/extractors/${res.body.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('lists newest first with the spec subset, filters and pagination', async () => {
    const { live_key } = await api.createOrg();
    const made: string[] = [];
    for (const [i, type] of ['invoice', 'receipt', 'invoice'].entries()) {
      const r = await api.call('POST', '/v1/extractors', {
        key: live_key,
        body: { ...invoiceExtractor(`E${i}`), document_type: type },
      });
      made.push(r.body.id);
    }
    await api.call('PATCH', `/v1/extractors/${made[0]}`, { key: live_key, body: { is_active: false } });
    const all = await api.call('GET', '/v1/extractors', { key: live_key });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(all.body.extractors.map((e: { id: string }) => e.id)).toEqual([...made].reverse());
    expect(Object.keys(all.body.extractors[0]).sort()).toEqual(
      ['created_at', 'document_type', 'field_definitions', 'id', 'is_active', 'name', 'usage_count'].sort(),
    );
    const invoices = await api.call('GET', '/v1/extractors?document_type=invoice', { key: live_key });
    expect(invoices.body.total).toBe(2);
    const inactive = await api.call('GET', '/v1/extractors?is_active=false', { key: live_key });
    expect(inactive.body.extractors.map((e: { id: string }) => e.id)).toEqual([made[0]]);
    const page = await api.call('GET', '/v1/extractors?limit=1&offset=1', { key: live_key });
    expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.body.extractors.map((e: { id: string }) => e.id)).toEqual([made[1]]);
    const max = await api.call('GET', '/v1/extractors?limit=100', { key: live_key });
    expect(max.status).toBe(200);
  });

  it('patches only what is supplied and can deactivate and reactivate', async () => {
    const created = (await api.call('POST', '/v1/extractors', { key, body: invoiceExtractor('Before') })).body;
    // updated_at must be able to differ from created_at (millisecond timestamps).
    await eventually('the clock past the creation time', () => Date.now() > Date.parse(created.updated_at));
    const renamed = await api.call('PATCH', `/v1/extractors/${created.id}`, { key, body: { name: 'After' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'After', document_type: 'invoice', is_active: true });
    expect(renamed.body.field_definitions).toEqual(created.field_definitions);
    expect(renamed.body.updated_at > created.updated_at).toBe(true);
    expect(renamed.body.created_at).toBe(created.created_at);
    const off = await api.call('PATCH', `/v1/extractors/${created.id}`, { key, body: { is_active: false } });
    expect(off.body.is_active).toBe(false);
    const fields = [{ name: 'po_number', type: 'text', required: true, description: 'PO' }];
    const on = await api.call('PATCH', `/v1/extractors/${created.id}`, {
      key,
      body: { is_active: true, field_definitions: fields },
    });
    expect(on.body).toMatchObject({ is_active: true, field_definitions: fields, name: 'After' });
  });

  it('duplicates under a new id and name, active and unused', async () => {
    const source = (await api.call('POST', '/v1/extractors', { key, body: invoiceExtractor('Source') })).body;
    await api.call('PATCH', `/v1/extractors/${source.id}`, { key, body: { is_active: false } });
    const copy = await api.call('POST', `/v1/extractors/${source.id}/duplicate`, { key, body: { new_name: 'Copy' } });
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(source.id);
    expect(copy.body).toMatchObject({ name: 'Copy', document_type: 'invoice', is_active: true, usage_count: 0 });
    expect(copy.body.field_definitions).toEqual(source.field_definitions);
    const unnamed = await api.call('POST', `/v1/extractors/${source.id}/duplicate`, { key });
    expect(unnamed.body.name).toBe('Source (copy)');
  });

  it('deletes permanently: 204 with no body, then 404 everywhere', async () => {
    const doomed = (await api.call('POST', '/v1/extractors', { key, body: invoiceExtractor('Doomed') })).body;
    const del = await api.call('DELETE', `/v1/extractors/${doomed.id}`, { key });
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    for (const [method, path] of [
      ['GET', `/v1/extractors/${doomed.id}`],
      ['PATCH', `/v1/extractors/${doomed.id}`],
      ['DELETE', `/v1/extractors/${doomed.id}`],
      ['POST', `/v1/extractors/${doomed.id}/duplicate`],
    ] as const) {
      const res = await api.call(method, path, { key, body: method === 'PATCH' ? { name: 'x' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const list = await api.call('GET', '/v1/extractors', { key });
    expect(list.body.extractors.map((e: { id: string }) => e.id)).not.toContain(doomed.id);
  });

  it('sets X-Request-Id and the rate-limit headers on every authenticated answer', async () => {
    const ok = await api.call('GET', '/v1/extractors', { key, headers: { 'x-request-id': 'trace-123' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-123');
    const missing = await api.call('GET', '/v1/extractors/ext_nope', { key });
    expect(missing.status).toBe(404);
    for (const res of [ok, missing]) {
      expect(Number(res.headers.get('x-ratelimit-limit'))).toBe(500);
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(500);
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      expect(reset * 1000).toBeGreaterThan(Date.now());
      expect(reset * 1000 - Date.now()).toBeLessThanOrEqual(60_000);
    }
    const anonymous = await api.call('GET', '/healthz');
    expect(anonymous.headers.get('x-request-id')).toMatch(/^req_/);
  });
});
