import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

/**
 * The document review queue (GET /v1/documents?needs_review=true) and what takes a job out of it:
 * a confirmation, or a rejection (PATCH .../fields with reject), over real HTTP and extraction.
 */
describe.each(DB_KINDS)('review queue on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let other: { org_id: string; live_key: string; test_key: string };
  let salt = 0;
  beforeAll(async () => {
    api = await startApi(kind);
    org = await setUpTenant(api, { credits: 1000 });
    other = await api.createOrg({ credits: 1000 });
  });
  afterAll(() => api.close());

  /** A completed job; a number the extractor's pattern refuses (lower case) makes it need review. */
  const completedJob = async (number: string, key = org.live_key) =>
    org.extract(await makeInvoicePdf({ number, salt: `${kind}-${salt++}` }), { key });
  const queue = async (key = org.live_key, query = 'status=completed&needs_review=true') => {
    const res = await api.call('GET', `/v1/documents?${query}`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { jobs: { id: string }[]; total: number };
  };
  const patch = (jobId: string, body: unknown) =>
    api.call('PATCH', `/v1/documents/${jobId}/fields`, { key: org.live_key, body });

  it('lists the completed jobs that need review, newest first, apart per organization and mode', async () => {
    // The fixture's line items are read with a confidence under 0.5: each of these jobs needs review.
    const fine = await completedJob('INV-7001');
    const a = await completedJob('inv 7002');
    const b = await completedJob('inv 7003');
    expect([fine.needs_review, a.needs_review, b.needs_review]).toEqual([true, true, true]);
    expect((await queue()).jobs.map((j) => j.id)).toEqual([b.id, a.id, fine.id]);
    const reviewed = await patch(fine.id, { confirm: true });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    const listed = await queue();
    expect(listed.jobs.map((j) => j.id)).toEqual([b.id, a.id]);
    expect(listed.total).toBe(2);
    const none = await queue(org.live_key, 'needs_review=false');
    expect(none.jobs.map((j) => j.id)).toEqual([fine.id]);
    expect(none.total).toBe(1);
    // Paged like the rest of the list, with the exact total.
    const second = await queue(org.live_key, 'status=completed&needs_review=true&limit=1&offset=1');
    expect(second).toMatchObject({ jobs: [{ id: a.id }], total: 2 });
    // Another organization and the other mode see none of them.
    expect((await queue(other.live_key)).total).toBe(0);
    expect((await queue(org.test_key)).total).toBe(0);

    const bad = await api.call('GET', '/v1/documents?needs_review=yes', { key: org.live_key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toContain('needs_review');

    // A confirmation takes a job out, with when and how it was reviewed.
    const confirmed = await patch(a.id, { fields: { invoice_number: 'INV-7002' }, confirm: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.job).toMatchObject({
      needs_review: false,
      review_outcome: 'confirmed',
      reviewed_at: expect.any(String),
    });
    expect((await queue()).jobs.map((j) => j.id)).toEqual([b.id]);
    // A correction without confirm leaves the job unreviewed (no outcome) and in the queue.
    expect(b.reviewed_at).toBeUndefined();
    const partial = await patch(b.id, { fields: { invoice_number: 'INV-7009' } });
    expect(partial.body.job.review_outcome).toBeUndefined();
    expect((await queue()).jobs.map((j) => j.id)).toEqual([b.id]);
  });

  it('rejects a document: values kept, out of the queue, recorded in the history, a job.corrected event', async () => {
    const job = await completedJob('inv 7100');
    expect((await queue()).jobs.map((j) => j.id)).toContain(job.id);

    // A rejection goes alone: no fields, locations or confirm with it; a reason needs reject.
    const mixed = await patch(job.id, { reject: true, fields: { invoice_number: 'INV-7100' }, confirm: true });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['confirm', 'fields']);
    const reasonOnly = await patch(job.id, { reason: 'not ours' });
    expect(reasonOnly.status).toBe(400);
    expect(reasonOnly.body.error.details[0].path).toBe('reason');
    const tooLong = await patch(job.id, { reject: true, reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details[0].path).toBe('reason');
    const notTrue = await patch(job.id, { reject: false });
    expect(notTrue.status).toBe(400);
    expect(
      (await api.call('GET', `/v1/documents/${job.id}/corrections`, { key: org.live_key })).body.corrections,
    ).toEqual([]);

    const res = await patch(job.id, { reject: true, reason: 'Not an invoice of ours' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.job).toMatchObject({
      status: 'completed',
      needs_review: false,
      review_outcome: 'rejected',
      reviewed_at: expect.any(String),
      extracted_data: job.extracted_data,
      validation_errors: job.validation_errors,
    });
    expect(res.body.corrections).toEqual([
      {
        id: expect.stringMatching(/^cor_/),
        job_id: job.id,
        field: null,
        kind: 'rejected',
        old_value: null,
        new_value: 'Not an invoice of ours',
        corrected_by: expect.stringMatching(/^user_/),
        created_at: res.body.job.reviewed_at,
      },
    ]);
    const history = await api.call('GET', `/v1/documents/${job.id}/corrections`, { key: org.live_key });
    expect(history.body.corrections).toEqual(res.body.corrections);
    expect((await queue()).jobs.map((j) => j.id)).not.toContain(job.id);

    const events = await api.intake.stores.outbox.list(org.org_id, { event: 'job.corrected' });
    const event = events.find((e) => (e.data as { id?: string }).id === job.id);
    expect(event?.data).toMatchObject({
      id: job.id,
      review_outcome: 'rejected',
      needs_review: false,
      corrections: [{ kind: 'rejected', field: null, new_value: 'Not an invoice of ours' }],
    });

    // A test job can be rejected too, and never shows in the live queue.
    const testJob = await completedJob('inv 7101', org.test_key);
    const rejected = await api.call('PATCH', `/v1/documents/${testJob.id}/fields`, {
      key: org.test_key,
      body: { reject: true },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.corrections[0]).toMatchObject({ kind: 'rejected', new_value: null });
  });
});
