import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentError, type DocumentExtractor, type ExtractionRequest } from '@intake/core';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';

/**
 * The job lifecycle in live mode. Extraction itself is tested elsewhere; here small extractors at
 * the port drive the outcomes the lifecycle must handle: success by page, timeouts, temporary errors.
 */
class ScriptedExtractor implements DocumentExtractor {
  mode: 'ok' | 'hang' | 'temporary' | 'unreadable' = 'ok';
  calls = 0;
  lastSignal: AbortSignal | undefined;
  async extract(request: ExtractionRequest) {
    this.calls++;
    this.lastSignal = request.signal;
    if (this.mode === 'hang') {
      return new Promise<never>((_, reject) =>
        request.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    }
    if (this.mode === 'temporary') throw new Error('upstream hiccup');
    if (this.mode === 'unreadable') throw new DocumentError('document_unreadable', 'Too blurry', 'Rescan at 300 dpi.');
    const pages = (await PDFDocument.load(request.bytes)).getPageCount();
    return {
      extracted_data: { total_amount: 1200 },
      confidence: { total_amount: 0.9 },
      validation_errors: [],
      needs_review: false,
      page_count: pages,
    };
  }
}

describe.each(DB_KINDS)('live jobs on %s', (kind) => {
  let api: ApiHarness;
  const extractor = new ScriptedExtractor();
  let threePages: Uint8Array;
  beforeAll(async () => {
    // PROCESSING_TIMEOUT_MS: long enough that a job which finishes (a pdf-lib load of three pages)
    // never reaches it on a loaded machine, short enough that the hanging one costs little wall time.
    api = await startApi(kind, { extractor, timeoutMs: 2000 });
    threePages = await makeInvoicePdf({ extraPages: 2 });
  });
  afterAll(() => api.close());

  const setup = async (credits: number) => {
    const org = await setUpTenant(api, { credits });
    const submit = () => org.submit(threePages).then((r) => r.body);
    const get = (id: string) => org.call('GET', `/v1/documents/${id}`).then((r) => r.body);
    const balance = () => org.call('GET', '/v1/credits/balance').then((r) => r.body);
    return { org, submit, get, balance };
  };

  it('charges pages x CREDITS_PER_PAGE once, at completion, with a ledger entry', async () => {
    extractor.mode = 'ok';
    const { org, submit, get, balance } = await setup(500);
    const job = await submit();
    expect(job.cost_credits).toBe(0);
    await api.runJobs();
    const done = await get(job.id);
    expect(done).toMatchObject({ status: 'completed', cost_credits: 3, page_count: 3 });
    expect(await balance()).toMatchObject({ balance: 497, reserved: 0, available: 497 });
    const ledger = (await api.call('GET', '/v1/credits/transactions', { key: org.live_key })).body;
    expect(ledger.total).toBe(2);
    expect(ledger.transactions[0]).toMatchObject({ type: 'charge', amount: -3, balance_after: 497, job_id: job.id });
    expect(ledger.transactions[1]).toMatchObject({ type: 'top_up', amount: 500 });
  });

  it('keeps a job the balance cannot cover queued until credits arrive, then runs it', async () => {
    extractor.mode = 'ok';
    const { org, submit, get, balance } = await setup(2);
    const job = await submit();
    expect(await api.runJobs()).toEqual([]);
    expect((await get(job.id)).status).toBe('queued');
    await api.intake.credits.add(org.org_id, 10);
    const outcomes = await api.runJobs();
    expect(outcomes).toEqual([{ kind: 'completed', jobId: job.id }]);
    expect(await balance()).toMatchObject({ balance: 9, reserved: 0 });
  });

  it('records credits.low_balance once on crossing the threshold, and credits.depleted at zero', async () => {
    extractor.mode = 'ok';
    const { org, submit, get } = await setup(102);
    await submit();
    await api.runJobs();
    const low = await api.intake.stores.outbox.list(org.org_id, { event: 'credits.low_balance' });
    expect(low).toHaveLength(1);
    // 99 left of the 102 after the latest top-up; jobs have cost 3 each.
    expect(low[0]!.data).toEqual({
      org_id: org.org_id,
      current_balance: 99,
      threshold: 100,
      percentage_remaining: 97.06,
      estimated_jobs_remaining: 33,
      timestamp: low[0]!.created_at,
    });
    const ids = [];
    for (let i = 0; i < 34; i++) ids.push((await submit()).id);
    await api.runJobs();
    expect(await api.intake.stores.outbox.list(org.org_id, { event: 'credits.low_balance' })).toHaveLength(1);
    const depleted = await api.intake.stores.outbox.list(org.org_id, { event: 'credits.depleted' });
    expect(depleted).toHaveLength(1);
    expect(depleted[0]!.data).toEqual({ org_id: org.org_id, depleted_at: depleted[0]!.created_at, jobs_queued: 1 });
    expect((await get(ids[33])).status).toBe('queued');
  });

  it('fails an unreadable live document at no cost and releases its reservation', async () => {
    extractor.mode = 'unreadable';
    const { submit, get, balance } = await setup(50);
    const job = await submit();
    await api.runJobs();
    expect(await get(job.id)).toMatchObject({
      status: 'failed',
      cost_credits: 0,
      error_details: { code: 'document_unreadable', suggestion: 'Rescan at 300 dpi.' },
    });
    expect(await balance()).toMatchObject({ balance: 50, reserved: 0 });
  });

  it('stops work past PROCESSING_TIMEOUT_MS: processing_timeout, the signal aborted', async () => {
    extractor.mode = 'hang';
    const { submit, get } = await setup(50);
    const job = await submit();
    await api.runJobs();
    expect(extractor.lastSignal?.aborted).toBe(true);
    const failed = await get(job.id);
    expect(failed).toMatchObject({ status: 'failed', cost_credits: 0, error_details: { code: 'processing_timeout' } });
    expect(failed.error_details.suggestion).toMatch(/resubmit/i);
  });

  it('retries temporary errors and fails with temporary_error after 3 attempts', async () => {
    extractor.mode = 'temporary';
    const { submit, get, balance } = await setup(50);
    const before = extractor.calls;
    const job = await submit();
    const outcomes = await api.runJobs();
    expect(outcomes.map((o) => o.kind)).toEqual(['retry', 'retry', 'failed']);
    expect(extractor.calls - before).toBe(3);
    expect(await get(job.id)).toMatchObject({ status: 'failed', error_details: { code: 'temporary_error' } });
    expect(await balance()).toMatchObject({ balance: 50, reserved: 0 });
  });
});
