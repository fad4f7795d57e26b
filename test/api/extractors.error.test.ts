import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';

const field = (overrides: Record<string, unknown>) => ({
  name: 'f',
  type: 'text',
  required: true,
  description: 'd',
  ...overrides,
});
const withFields = (...fields: unknown[]) => ({ name: 'X', document_type: 'invoice', field_definitions: fields });

// Validation is the same code on both databases; PGlite is enough here.
describe('extractors API: bad input', () => {
  let api: ApiHarness;
  let key: string;
  beforeAll(async () => {
    api = await startApi('pglite');
    key = (await api.createOrg()).live_key;
  });
  afterAll(() => api.close());

  const cases: [string, unknown, string][] = [
    ['unknown field type', withFields(field({ type: 'money' })), 'field_definitions.0.type'],
    [
      'validation key of another type',
      withFields(field({ type: 'number', validation: { pattern: 'x' } })),
      'field_definitions.0.validation.pattern',
    ],
    [
      'pattern that does not compile',
      withFields(field({ validation: { pattern: '([a-z' } })),
      'field_definitions.0.validation.pattern',
    ],
    [
      'min greater than max',
      withFields(field({ type: 'currency', validation: { min: 5, max: 1 } })),
      'field_definitions.0.validation.min',
    ],
    [
      'min_length greater than max_length',
      withFields(field({ validation: { min_length: 9, max_length: 2 } })),
      'field_definitions.0.validation.min_length',
    ],
    [
      'min_date after max_date',
      withFields(field({ type: 'date', validation: { min_date: '2026-02-01', max_date: '2026-01-01' } })),
      'field_definitions.0.validation.min_date',
    ],
    [
      'email domain without at-sign',
      withFields(field({ type: 'email', validation: { domain: 'example.com' } })),
      'field_definitions.0.validation.domain',
    ],
    ['duplicate names', withFields(field({ name: 'a' }), field({ name: 'a' })), 'field_definitions.1.name'],
    [
      'duplicate nested names',
      withFields(field({ name: 'o', type: 'object', fields: [field({ name: 'x' }), field({ name: 'x' })] })),
      'field_definitions.0.fields.1.name',
    ],
    [
      'missing required attribute',
      withFields({ name: 'a', type: 'text', description: 'd' }),
      'field_definitions.0.required',
    ],
    ['unknown attribute', withFields(field({ colour: 'red' })), 'field_definitions.0'],
    [
      'default of the wrong type',
      withFields(field({ type: 'number', default_value: 'ten' })),
      'field_definitions.0.default_value',
    ],
    ['nested fields on a text field', withFields(field({ fields: [field({})] })), 'field_definitions.0.fields'],
    ['no fields at all', withFields(), 'field_definitions'],
    ['missing name', { document_type: 'invoice', field_definitions: [field({})] }, 'name'],
    ['read-only member', { ...invoiceExtractor(), usage_count: 3 }, '(body)'],
  ];

  it.each(cases)('refuses %s with 400 invalid_request and details', async (_label, body, path) => {
    const res = await api.call('POST', '/v1/extractors', { key, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(typeof res.body.error.message).toBe('string');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('creates nothing when refusing', async () => {
    const { live_key } = await api.createOrg();
    await api.call('POST', '/v1/extractors', { key: live_key, body: withFields(field({ type: 'money' })) });
    expect((await api.call('GET', '/v1/extractors', { key: live_key })).body.total).toBe(0);
  });

  it('validates PATCH bodies the same way and refuses read-only members', async () => {
    const id = (await api.call('POST', '/v1/extractors', { key, body: invoiceExtractor() })).body.id;
    const bad = await api.call('PATCH', `/v1/extractors/${id}`, {
      key,
      body: { field_definitions: [field({ type: 'nope' })] },
    });
    expect(bad.status).toBe(400);
    const readOnly = await api.call('PATCH', `/v1/extractors/${id}`, { key, body: { id: 'ext_other' } });
    expect(readOnly.status).toBe(400);
    const notBool = await api.call('PATCH', `/v1/extractors/${id}`, { key, body: { is_active: 'no' } });
    expect(notBool.body.error.details[0].path).toBe('is_active');
    expect((await api.call('GET', `/v1/extractors/${id}`, { key })).body.name).toBe('Invoices');
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['offset=-1', 'offset'],
    ['limit=ten', 'limit'],
    ['is_active=yes', 'is_active'],
  ])('refuses list query %s', async (query, path) => {
    const res = await api.call('GET', `/v1/extractors?${query}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe(path);
  });

  it('answers malformed JSON with 400, a non-JSON type with 415, an oversized body with 413', async () => {
    const malformed = await api.call('POST', '/v1/extractors', { key, body: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_request');
    const wrongType = await api.call('POST', '/v1/extractors', {
      key,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.error.code).toBe('unsupported_media_type');
    const huge = await api.call('POST', '/v1/extractors', {
      key,
      body: { ...invoiceExtractor(), name: 'x'.repeat(2_000_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatchObject({ code: 'payload_too_large', status: 413 });
  });

  it('answers unknown routes with 404 not_found in the error shape', async () => {
    const res = await api.call('GET', '/v1/nothing-here', { key });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', status: 404 });
    const anonymous = await api.call('GET', '/v1/nothing-here');
    expect(anonymous.status).toBe(401);
  });
});
