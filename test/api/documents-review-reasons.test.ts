/**
 * What the dashboard reads beside the register: `review_reasons` of a flagged document (job,
 * webhook payload, OpenAPI), `q` over the document's own words, the overview's pending reviews
 * (documents and email items) and the extractors' per-mode document counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { invoiceExtractor, startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

describe.each(DB_KINDS)('review reasons, document text search and counts on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let extractorId: string;
  let flagged: string;
  let plain: string;
  let testJob: string;

  beforeAll(async () => {
    api = await startApi(kind);
    const body = invoiceExtractor();
    // A rule the printed number breaks: a validation reason.
    body.field_definitions[0]!.validation = { pattern: '^ZZ', max_length: 40 };
    org = await setUpTenant(api, { credits: 10, extractors: [body] });
    extractorId = org.extractorId;
    const submit = async (key: string, pdf: Uint8Array) => (await org.submit(pdf, { key })).body.id as string;
    // A document date years after its arrival: a plausibility reason.
    flagged = await submit(org.live_key, await makeInvoicePdf({ date: '14 March 2031', salt: 'flagged' }));
    plain = await submit(org.live_key, await makeInvoicePdf({ salt: 'quixotic42' }));
    testJob = await submit(org.test_key, await makeInvoicePdf());
    await api.runJobs();
  }, 120_000);
  afterAll(() => api.close());

  const get = (path: string, key = org.live_key) => api.call('GET', path, { key });

  it('says why a document is flagged: the rule, the field, the confidence and its threshold', async () => {
    const job = (await get(`/v1/documents/${flagged}`)).body;
    expect(job.needs_review).toBe(true);
    const reasons = job.review_reasons as { code: string; field?: string; message: string }[];
    expect(reasons).toContainEqual(expect.objectContaining({ code: 'validation', field: 'invoice_number' }));
    expect(reasons.find((r) => r.code === 'validation')!.message).toMatch(/^pattern: /);
    const plausibility = reasons.find((r) => r.code === 'plausibility');
    expect(plausibility).toMatchObject({ field: 'invoice_date' });
    expect(plausibility!.message).toContain('date_in_future');
    // The field a plausibility rule doubted is named once, by that rule.
    expect(reasons.filter((r) => r.field === 'invoice_date')).toHaveLength(1);
    for (const reason of reasons.filter((r) => r.code === 'low_confidence'))
      expect(reason.message).toMatch(/^Confidence [\d.]+ is below the review threshold 0.5$/);
    // Every reason is one the result shows: its validation errors and confidences.
    expect(reasons.filter((r) => r.code === 'validation' || r.code === 'plausibility')).toHaveLength(
      job.validation_errors.length,
    );

    const event = (await api.intake.stores.outbox.list(org.org_id, { event: 'job.completed' })).find(
      (e) => e.data.id === flagged,
    );
    expect(event?.data.review_reasons).toEqual(reasons);

    const listed = (await get('/v1/documents?needs_review=true&status=completed')).body.jobs;
    expect(listed.find((j: { id: string }) => j.id === flagged).review_reasons).toEqual(reasons);
  });

  it('answers an empty list for a document that needs no review, and describes the shape in OpenAPI', async () => {
    const job = (await get(`/v1/documents/${testJob}`, org.test_key)).body;
    expect(job).toMatchObject({ status: 'completed', needs_review: false, review_reasons: [] });
    const spec = (await api.call('GET', '/v1/openapi.json')).body;
    const schema = spec.components.schemas.ReviewReason;
    expect(schema.required).toEqual(['code', 'message']);
    expect(schema.properties.code.enum).toEqual(
      expect.arrayContaining(['low_confidence', 'validation', 'plausibility', 'classification_threshold', 'duplicate']),
    );
  });

  it('finds a document by a word only its text holds, with words of its values in the same query', async () => {
    const job = (await get(`/v1/documents/${plain}`)).body;
    // The word is printed on the page, but no extracted value holds it.
    expect(JSON.stringify(job.extracted_data).toLowerCase()).not.toContain('quixotic');
    const ids = async (q: string) =>
      (await get(`/v1/documents?q=${encodeURIComponent(q)}`)).body.jobs.map((j: { id: string }) => j.id);
    expect(await ids('quixotic')).toEqual([plain]);
    expect(await ids('quixo harbour')).toEqual([plain]);
    expect(await ids('quixotic northwind')).toEqual([plain]);
    expect(await ids('quixotic zebra')).toEqual([]);
    // Test mode reads nothing: its simulated job has no text.
    expect((await get('/v1/documents?q=harbour', org.test_key)).body.jobs).toEqual([]);
  });

  it('counts documents to review beside email classification items on the overview', async () => {
    const overview = (await get('/v1/overview')).body;
    const toReview = (await get('/v1/documents?status=completed&needs_review=true&limit=1')).body.total;
    expect(toReview).toBeGreaterThanOrEqual(1);
    const items = (await get('/api/email-ingestion/review?limit=1')).body.total;
    expect(overview.pending_reviews).toEqual({
      total: toReview + items,
      documents_to_review: toReview,
      classification_items: items,
    });
    const reader = (
      await api.call('POST', '/v1/api-keys', {
        key: org.live_key,
        body: { name: 'reader', environment: 'live', scopes: ['documents:read'] },
      })
    ).body.key as string;
    expect((await get('/v1/overview', reader)).body.pending_reviews).toEqual({
      total: toReview,
      documents_to_review: toReview,
      classification_items: null,
    });
  });

  it("counts an extractor's documents in the key's mode only", async () => {
    const count = async (key: string) =>
      (await get('/v1/extractors', key)).body.extractors.find((e: { id: string }) => e.id === extractorId).usage_count;
    expect(await count(org.live_key)).toBe(2);
    expect(await count(org.test_key)).toBe(1);
    expect((await get(`/v1/extractors/${extractorId}`, org.test_key)).body.usage_count).toBe(1);
    expect((await get(`/v1/extractors/${extractorId}`)).body).not.toHaveProperty('test_usage_count');
  });
});
