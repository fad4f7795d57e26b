import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { completedJob, parseCsv, seedJobs } from '../support/register-seed.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

describe.each(DB_KINDS)('documents register on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let extractorId: string;
  const get = (path: string) => api.call('GET', path, { key: org.test_key });

  beforeAll(async () => {
    // A count limit below the 7 "Many" documents, so a search for them answers "at least 5".
    api = await startApi(kind, { registerCountLimit: 5 });
    org = await setUpTenant(api);
    extractorId = org.extractorId;
    const at = (i: number) => new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString();
    await seedJobs(api, [
      completedJob(
        org.org_id,
        extractorId,
        { vendor_name: 'Acme Tools', invoice_number: 'INV-2041', total_amount: 120.5, currency: 'EUR' },
        { id: 'job_reg_acme', created_at: at(1), metadata: { file_name: 'acme-march.pdf' } },
      ),
      completedJob(
        org.org_id,
        extractorId,
        { vendor_name: 'Acme Tools', invoice_number: 'INV-1999', total_amount: 80 },
        { id: 'job_reg_acme2', created_at: at(2) },
      ),
      completedJob(
        org.org_id,
        extractorId,
        { vendor_name: 'Bolt & Nut', invoice_number: 'B-7', total_amount: 300 },
        {
          id: 'job_reg_mail',
          created_at: at(3),
          metadata: {
            source: 'email',
            email: { from: 'ap@bolt.example', subject: 'Invoice, "March"\nsecond line' },
            attachments: ['bolt.pdf'],
          },
        },
      ),
      completedJob(
        org.org_id,
        extractorId,
        { vendor_name: '=HYPERLINK("http://x")', total_amount: -5 },
        { id: 'job_reg_formula', created_at: at(4) },
      ),
      ...Array.from({ length: 7 }, (_, i) =>
        completedJob(
          org.org_id,
          extractorId,
          { vendor_name: 'Many', total_amount: i % 3 },
          { id: `job_reg_many${i}`, created_at: at(10 + i) },
        ),
      ),
    ]);
  });
  afterAll(() => api.close());

  it('shows the register columns on each listed document, the job as before', async () => {
    const res = await get('/v1/documents?vendor=acme%20tools&sort=created_at');
    expect(res.status).toBe(200);
    expect(res.body.jobs.map((j: { id: string }) => j.id)).toEqual(['job_reg_acme', 'job_reg_acme2']);
    expect(res.body.jobs[0]).toMatchObject({
      id: 'job_reg_acme',
      status: 'completed',
      extracted_data: { invoice_number: 'INV-2041' },
    });
    expect(res.body.jobs[0].register).toEqual({
      file_name: 'acme-march.pdf',
      source: { kind: 'upload', sender: null, subject: null },
      extractor: { id: extractorId, name: 'Invoices' },
      document_type: 'invoice',
      vendor: 'Acme Tools',
      document_number: 'INV-2041',
      document_date: null,
      total: 120.5,
      currency: 'EUR',
      lowest_confidence: 0.87,
      status: 'completed',
      review_state: 'none',
    });
  });

  it('finds a document by vendor and number in one query, and by a sender', async () => {
    const found = await get(`/v1/documents?q=${encodeURIComponent('acme inv-2041')}`);
    expect(found.body.jobs.map((j: { id: string }) => j.id)).toEqual(['job_reg_acme']);
    expect(found.body.total).toBe(1);
    const prefix = await get('/v1/documents?q=acm%20inv');
    expect(prefix.body.jobs.map((j: { id: string }) => j.id).sort()).toEqual(['job_reg_acme', 'job_reg_acme2']);
    const mail = await get('/v1/documents?q=ap%40bolt&source=email');
    expect(mail.body.jobs.map((j: { id: string }) => j.id)).toEqual(['job_reg_mail']);
    expect(mail.body.jobs[0].register.source).toEqual({
      kind: 'email',
      sender: 'ap@bolt.example',
      subject: 'Invoice, "March"\nsecond line',
    });
  });

  it('counts a search up to the count limit and says so; rollup counts and the export stay whole', async () => {
    const many = await get('/v1/documents?q=many&limit=2');
    expect(many.body).toMatchObject({ total: 5, total_capped: true });
    expect(many.body.jobs).toHaveLength(2);
    // Every match is still listed: the count stops, the pages do not.
    const ids: string[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const page = await get(`/v1/documents?q=many&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.body.jobs.map((j: { id: string }) => j.id));
      cursor = page.body.next_cursor;
    }
    expect(ids.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `job_reg_many${i}`).sort());
    expect((await get('/v1/documents?vendor=many&sort=-total')).body).toMatchObject({ total: 5, total_capped: true });
    // At or under the limit the count is exact and not flagged.
    expect((await get('/v1/documents?q=acme')).body).toMatchObject({ total: 2, total_capped: false });
    // No search or register filter: the rollups count every job at any size.
    expect((await get('/v1/documents?status=completed')).body).toMatchObject({ total: 11, total_capped: false });
    const exported = await fetch(`${api.baseUrl}/v1/documents/export?format=csv&q=many`, {
      headers: { authorization: `Bearer ${org.test_key}` },
    });
    expect(parseCsv(await exported.text()).length).toBe(1 + 7);
  });

  it('sorts by total both ways and pages across pages under the sort', async () => {
    for (const sort of ['total', '-total', 'vendor', '-created_at', 'document_number']) {
      const whole = (await get(`/v1/documents?sort=${sort}&limit=100`)).body.jobs.map((j: { id: string }) => j.id);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { jobs: { id: string }[]; next_cursor: string | null } } = await get(
          `/v1/documents?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        paged.push(...page.body.jobs.map((j) => j.id));
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(paged, sort).toEqual(whole);
      expect(whole.length).toBe(11);
    }
    const totals = (await get('/v1/documents?sort=-total&limit=100')).body.jobs.map(
      (j: { register: { total: number } }) => j.register.total,
    );
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(totals[0]).toBe(300);
  });

  it('exports the filtered documents as CSV, streamed, cells quoted and guarded', async () => {
    const res = await fetch(`${api.baseUrl}/v1/documents/export?format=csv&sort=created_at&q=acme`, {
      headers: { authorization: `Bearer ${org.test_key}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // A stream has no length known in advance: Node sends it in chunks.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual([
      'id',
      'created_at',
      'file_name',
      'source',
      'sender',
      'subject',
      'extractor_id',
      'extractor_name',
      'document_type',
      'vendor',
      'document_number',
      'document_date',
      'total',
      'currency',
      'lowest_confidence',
      'status',
      'review_state',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['job_reg_acme', 'job_reg_acme2']);
    expect(rows[1]!.slice(9, 14)).toEqual(['Acme Tools', 'INV-2041', '', '120.5', 'EUR']);
    const tricky = parseCsv(
      await (
        await fetch(`${api.baseUrl}/v1/documents/export?format=csv&sort=created_at&q=bolt%20hyperlink`, {
          headers: { authorization: `Bearer ${org.test_key}` },
        })
      ).text(),
    );
    expect(tricky.length).toBe(1);
    const all = parseCsv(
      await (
        await fetch(`${api.baseUrl}/v1/documents/export?format=csv&sort=total`, {
          headers: { authorization: `Bearer ${org.test_key}` },
        })
      ).text(),
    );
    const byId = new Map(all.slice(1).map((r) => [r[0], r]));
    expect(byId.get('job_reg_mail')![5]).toBe('Invoice, "March"\nsecond line');
    expect(byId.get('job_reg_formula')![9]).toBe(`'=HYPERLINK("http://x")`);
    // A negative total is a number, not a formula.
    expect(byId.get('job_reg_formula')![12]).toBe('-5');
    expect(all.length).toBe(12);
  });

  it('deletes a document: file bytes and page pictures gone, the job 404, a tombstone left', async () => {
    const pdf = await makeInvoicePdf({ extraPages: 0 });
    const job = await org.extract(pdf, { key: org.test_key });
    const picture = await api.call('GET', `/v1/documents/${job.id}/pages/1?width=400`, { key: org.test_key });
    expect(picture.status).toBe(200);
    expect(fs.readdirSync(api.review.pageCacheDir, { recursive: true }).length).toBeGreaterThan(0);
    const stored = (await api.intake.stores.jobs.get(org.org_id, 'test', job.id))!;
    expect(await api.pipeline.blobs.get(stored.blob_key)).not.toBeNull();

    const res = await api.call('DELETE', `/v1/documents/${job.id}`, { key: org.test_key });
    expect(res.status).toBe(204);
    expect((await get(`/v1/documents/${job.id}`)).status).toBe(404);
    expect(await api.pipeline.blobs.get(stored.blob_key)).toBeNull();
    const files = fs
      .readdirSync(api.review.pageCacheDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile());
    expect(files).toEqual([]);
    const tombstone = await api.intake.stores.jobs.findTombstone(org.org_id, job.id);
    expect(tombstone).toMatchObject({ id: job.id, org_id: org.org_id, environment: 'test' });
    expect(tombstone!.key_id).toMatch(/^key_/);
    expect((await get(`/v1/documents?q=${job.id}`)).body.total).toBe(0);
  });
});
