import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

/** PATCH /v1/documents/{job_id}/fields and GET .../corrections over real HTTP, real extraction, both databases. */
describe.each(DB_KINDS)('corrections on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let reviewer: { id: string; key: string };
  let salt = 0;
  beforeAll(async () => {
    api = await startApi(kind);
    org = await setUpTenant(api, { credits: 1000 });
    reviewer = (
      await api.call('POST', '/v1/api-keys', {
        key: org.live_key,
        body: { name: 'reviewer', environment: 'live', scopes: ['documents:read', 'documents:write'] },
      })
    ).body;
  });
  afterAll(() => api.close());

  const completedJob = async (number = 'INV-2026-0042') =>
    org.extract(await makeInvoicePdf({ number, salt: String(salt++) }));
  const patch = (jobId: string, body: unknown, key = reviewer.key) =>
    api.call('PATCH', `/v1/documents/${jobId}/fields`, { key, body });
  const history = async (jobId: string) =>
    (await api.call('GET', `/v1/documents/${jobId}/corrections`, { key: org.live_key })).body.corrections;

  it('replaces a value, with confidence 1 and corrected: true, and records who changed what', async () => {
    const job = await completedJob();
    expect(job.extracted_data.invoice_number).toBe('INV-2026-0042');
    const res = await patch(job.id, {
      fields: { invoice_number: 'INV-2026-0043' },
      locations: { invoice_number: { page: 1, box: { x0: 460, y0: 92, x1: 540, y1: 104 } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.job.extracted_data.invoice_number).toBe('INV-2026-0043');
    expect(res.body.job.confidence.invoice_number).toBe(1);
    expect(res.body.job.field_locations.invoice_number).toEqual({
      source: 'correction',
      page: 1,
      box: { x0: 460, y0: 92, x1: 540, y1: 104 },
      page_width: 595,
      page_height: 842,
      corrected: true,
    });
    // The other fields are as extracted.
    expect(res.body.job.extracted_data.total_amount).toBe(1200);
    expect(res.body.job.field_locations.total_amount.corrected).toBeUndefined();
    const again = (await api.call('GET', `/v1/documents/${job.id}`, { key: org.live_key })).body;
    expect(again.extracted_data.invoice_number).toBe('INV-2026-0043');
    expect(again.confidence.invoice_number).toBe(1);
    const records = await history(job.id);
    expect(records).toEqual([
      {
        id: expect.stringMatching(/^cor_/),
        job_id: job.id,
        field: 'invoice_number',
        kind: 'corrected',
        old_value: 'INV-2026-0042',
        new_value: 'INV-2026-0043',
        corrected_by: `user_${reviewer.id}`,
        created_at: expect.any(String),
      },
    ]);
    expect(res.body.corrections).toEqual(records);
  });

  it('records a confirmation without change, and confirm: true confirms every other field and clears needs_review', async () => {
    const job = await completedJob();
    const same = await patch(job.id, { fields: { total_amount: 1200 } });
    expect(same.body.corrections).toMatchObject([
      { field: 'total_amount', kind: 'confirmed', old_value: 1200, new_value: 1200 },
    ]);
    // A confirmed value keeps where it was read.
    expect(same.body.job.field_locations.total_amount).toMatchObject({
      source: 'label',
      page: 1,
      corrected: true,
      label: { text: 'Total' },
    });
    const confirmed = await patch(job.id, { confirm: true, fields: { invoice_date: '2026-03-15' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.job.needs_review).toBe(false);
    const kinds = Object.fromEntries(
      confirmed.body.corrections.map((c: { field: string; kind: string }) => [c.field, c.kind]),
    );
    expect(kinds.invoice_date).toBe('corrected');
    for (const field of Object.keys(job.extracted_data).filter((f) => f !== 'invoice_date'))
      expect(kinds[field], field).toBe('confirmed');
    expect(Object.values(confirmed.body.job.confidence).every((c) => c === 1)).toBe(true);
    expect(await history(job.id)).toHaveLength(1 + confirmed.body.corrections.length);
  });

  it('refuses unknown fields, values of the wrong type or breaking a rule, and empty requests, changing nothing', async () => {
    const job = await completedJob();
    const cases: [unknown, string][] = [
      [{ fields: { nope: 'x' } }, 'fields.nope'],
      [{ fields: { total_amount: '12.00' } }, 'fields.total_amount'],
      [{ fields: { invoice_number: 'inv 1' } }, 'fields.invoice_number'],
      [{ fields: { invoice_date: '15.03.2026' } }, 'fields.invoice_date'],
      [{ fields: { invoice_number: null } }, 'fields.invoice_number'],
      [{ fields: { line_items: [{ description: 'x', amount: 'ten' }] } }, 'fields.line_items.0.amount'],
      [{ fields: { total_amount: -1 } }, 'fields.total_amount'],
      [{}, 'fields'],
      [{ fields: {}, extra: 1 }, ''],
    ];
    for (const [body, path] of cases) {
      const res = await patch(job.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      if (path)
        expect(
          res.body.error.details.map((d: { path: string }) => d.path),
          JSON.stringify(body),
        ).toContain(path);
    }
    expect(await history(job.id)).toEqual([]);
    expect((await api.call('GET', `/v1/documents/${job.id}`, { key: org.live_key })).body.extracted_data).toEqual(
      job.extracted_data,
    );
  });

  it('corrects completed jobs only (409), of its own organization and mode (404), with documents:write (403)', async () => {
    const queued = (await org.submit(await makeInvoicePdf({ salt: 'q' }))).body;
    const conflict = await patch(queued.id, { confirm: true });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('conflict');
    await api.runJobs();
    const other = await api.createOrg();
    expect((await patch(queued.id, { confirm: true }, other.live_key)).status).toBe(404);
    expect((await patch(queued.id, { confirm: true }, org.test_key)).status).toBe(404);
    expect((await api.call('GET', `/v1/documents/${queued.id}/corrections`, { key: other.live_key })).status).toBe(404);
    const reader = (
      await api.call('POST', '/v1/api-keys', {
        key: org.live_key,
        body: { name: 'ro', environment: 'live', scopes: ['documents:read'] },
      })
    ).body.key;
    expect((await patch(queued.id, { confirm: true }, reader)).status).toBe(403);
    expect(await history(queued.id)).toEqual([]);
  });
});
