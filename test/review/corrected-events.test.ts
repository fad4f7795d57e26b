import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorBillOf } from '@intake/core/erp';
import { WebhookSender } from '@intake/core/webhooks';
import { systemClock, type WebhookTransport } from '@intake/core';
import { createHttpsTransport } from '@intake/webhook-https';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';
import { startReceiver, stopAllReceivers, waitFor, type Receiver } from '../webhooks/receiver.js';

/**
 * What a correction sets off, over real HTTPS to the project's test receiver: the signed
 * `job.corrected` webhook event, and the corrected vendor bill sent again to the ERP the job went to.
 */
describe('job.corrected and the ERP update', () => {
  let api: ApiHarness;
  let certDir: string;
  let transport: WebhookTransport & { close(): void };
  let org: Tenant;
  let jobId: string;
  beforeAll(async () => {
    certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-review-'));
    const first = await startReceiver({ secret: 'unused', certDir });
    await first.stop();
    transport = createHttpsTransport({ allowedHosts: ['127.0.0.1'], caFile: first.certFile });
    api = await startApi('pglite', { webhookTransport: transport, webhookTimeoutMs: 2000 });
    org = await setUpTenant(api, { credits: 100 });
    jobId = (await org.extract(await makeInvoicePdf())).id;
  });
  afterAll(async () => {
    await stopAllReceivers();
    await api?.close();
    transport?.close();
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  /** Moves the outbox to deliveries and sends each once. */
  async function sendWebhooks(): Promise<void> {
    const sender = new WebhookSender({
      store: api.intake.stores.webhooks,
      transport,
      clock: systemClock,
      ids: api.intake.ids,
      options: { timeoutMs: 2000, leaseMs: 12_000 },
    });
    await sender.dispatch();
    for (const claimed of await sender.claim('review-test', 50)) await sender.attempt('review-test', claimed);
  }

  it('sends job.corrected, signed with the endpoint secret, with every correction in its data', async () => {
    const endpoint = (
      await api.call('POST', '/v1/webhooks/endpoints', {
        key: org.live_key,
        body: { url: 'https://127.0.0.1:1/hook', events: ['job.corrected'] },
      })
    ).body;
    const receiver: Receiver = await startReceiver({ secret: endpoint.secret, certDir });
    await api.call('PATCH', `/v1/webhooks/endpoints/${endpoint.id}`, {
      key: org.live_key,
      body: { url: receiver.url },
    });
    const res = await api.call('PATCH', `/v1/documents/${jobId}/fields`, {
      key: org.live_key,
      body: { fields: { invoice_number: 'INV-2026-0099', total_amount: 1200 } },
    });
    expect(res.status).toBe(200);
    await sendWebhooks();
    const [received] = await waitFor(
      'the job.corrected delivery',
      async () => (await receiver.log()).length > 0 && receiver.log(),
    );
    expect(received!.signature_ok).toBe(true);
    expect(received!.headers['x-service-event']).toBe('job.corrected');
    expect(received!.json).toMatchObject({ event: 'job.corrected', id: expect.stringMatching(/^evt_/) });
    expect(received!.json.data).toMatchObject({
      id: jobId,
      org_id: org.org_id,
      status: 'completed',
      mode: 'live',
      extracted_data: { invoice_number: 'INV-2026-0099', total_amount: 1200 },
      confidence: { invoice_number: 1, total_amount: 1 },
      corrected_at: expect.any(String),
    });
    expect(
      received!.json.data.corrections.map(
        (c: { field: string; kind: string; old_value: unknown; new_value: unknown }) => [
          c.field,
          c.kind,
          c.old_value,
          c.new_value,
        ],
      ),
    ).toEqual([
      ['invoice_number', 'corrected', 'INV-2026-0042', 'INV-2026-0099'],
      ['total_amount', 'confirmed', 1200, 1200],
    ]);
  });

  it('sends the corrected record again to the ERP it was synced to, as its next revision; a confirmation sends nothing', async () => {
    const erpReceiver = await startReceiver({ secret: 'x'.repeat(32), certDir });
    const connection = (
      await api.call('POST', '/v1/erp-connections', {
        key: org.live_key,
        body: { name: 'Books', type: 'http', url: erpReceiver.url, secret: 'x'.repeat(32) },
      })
    ).body;
    expect(connection.id).toMatch(/^erp_/);
    // The job as if its prefix had sent it: one sync, once per job and connection.
    const job = (await api.intake.stores.jobs.get(org.org_id, 'live', jobId))!;
    const enqueued = await api.intake.stores.erp.enqueue({
      id: api.intake.ids('erps'),
      org_id: org.org_id,
      environment: 'live',
      connection_id: connection.id,
      job_id: jobId,
      prefix: null,
      status: 'pending',
      record: vendorBillOf(job),
      attempts: 0,
      next_attempt_at: new Date().toISOString(),
      last_attempt_at: null,
      last_error: null,
      response_status: null,
      external_id: null,
      created_at: new Date().toISOString(),
      finished_at: null,
    });
    expect(enqueued).toBe(true);
    await api.erp.syncDue('review-test');
    expect(
      (await erpReceiver.log()).map((r) => [r.signature_ok, r.headers['idempotency-key'], r.json.invoice_number]),
    ).toEqual([[true, jobId, 'INV-2026-0099']]);

    await api.call('PATCH', `/v1/documents/${jobId}/fields`, {
      key: org.live_key,
      body: { fields: { invoice_number: 'INV-2026-0100' } },
    });
    await api.erp.syncDue('review-test');
    await api.call('PATCH', `/v1/documents/${jobId}/fields`, { key: org.live_key, body: { confirm: true } });
    await api.erp.syncDue('review-test');
    const log = await erpReceiver.log();
    expect(
      log.map((r) => [r.signature_ok, r.headers['idempotency-key'], r.json.invoice_number, r.json.revision]),
    ).toEqual([
      [true, jobId, 'INV-2026-0099', undefined],
      [true, `${jobId}:r1`, 'INV-2026-0100', 1],
    ]);
    const [sync] = (
      await api.intake.stores.erp.listSyncs(org.org_id, 'live', { job_id: jobId }, { limit: 10, offset: 0 })
    ).items;
    expect(sync).toMatchObject({
      status: 'synced',
      attempts: 1,
      record: { invoice_number: 'INV-2026-0100', revision: 1 },
    });
  });
});
