/**
 * Webhooks in Chromium against a real `intake start` on PGlite and a local HTTPS receiver (the
 * committed loopback test certificate) that refuses the first six deliveries: the delivery fails
 * after its six attempts (WEBHOOK_RETRY_DELAYS_MS shortens the spec's waits, not their number), the
 * log shows every refusal and names the document, a replay from the row is delivered, the test
 * event starts with the endpoint's URL, and the endpoint is deleted after a confirmation.
 */
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoicePdf } from '../support/fixtures.js';
import { api, removeTempDirs } from '../support/processes.js';
import { TEST_CERT_FILE, TEST_KEY_FILE } from '../support/test-cert.js';
import { startDashboardRig, type DashboardRig } from './daemon.js';
import { expectAccessible, go, shot, signIn } from './pages.js';
import { eventually } from '../support/wait.js';

let rig: DashboardRig;
let receiver: https.Server;
let receiverUrl: string;
const requests: { signature: string | undefined; event: string | undefined }[] = [];

/** Clicks Refresh until the delivery's row shows `status` (the page does not poll by itself). */
async function untilRow(page: Page, status: string): Promise<void> {
  const log = page.getByRole('region', { name: 'Delivery log' });
  let text: string | null = null;
  await eventually(
    () => `the delivery became ${status}: ${text}`,
    async () => {
      await log.getByRole('button', { name: 'Refresh' }).click();
      text = await log.textContent();
      const row = log.getByRole('row', { name: /job\.completed/ });
      return (await row.count()) === 1 && (await row.getByText(status, { exact: true }).count()) === 1;
    },
    { intervalMs: 200 },
  );
}

describe('dashboard webhooks against a refusing HTTPS receiver in Chromium', () => {
  beforeAll(async () => {
    receiver = https.createServer(
      { cert: fs.readFileSync(TEST_CERT_FILE), key: fs.readFileSync(TEST_KEY_FILE) },
      (req, res) => {
        requests.push({
          signature: req.headers['x-service-signature'] as string | undefined,
          event: req.headers['x-service-event'] as string | undefined,
        });
        req.resume();
        req.on('end', () => {
          const refuse = requests.length <= 6;
          res.writeHead(refuse ? 503 : 200, { 'content-type': 'text/plain' });
          res.end(refuse ? `busy (request ${requests.length})` : 'ok');
        });
      },
    );
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    rig = await startDashboardRig('dashboard-webhooks', {
      WEBHOOK_CA_FILE: TEST_CERT_FILE,
      WEBHOOK_RETRY_DELAYS_MS: '100,100,100,100,100',
    });
  }, 300_000);

  afterAll(async () => {
    await rig?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
    await removeTempDirs();
  });

  it('shows the six refusals and the failed delivery, replays it from the page and shows it delivered', async () => {
    const extractor = await api(rig.daemon.httpUrl, 'POST', '/v1/extractors', {
      key: rig.liveKey,
      body: {
        name: 'Invoices',
        document_type: 'invoice',
        field_definitions: [
          { name: 'invoice_number', type: 'text', required: true, description: 'The invoice number' },
        ],
      },
    });
    expect(extractor.status).toBe(201);
    const page = await rig.pages.newPage();
    await signIn(page, rig.liveKey);
    await go(page, 'Webhooks');
    await page.getByLabel('HTTPS URL').fill(receiverUrl);
    await page.getByRole('checkbox', { name: 'job.failed' }).uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect((await page.getByLabel('Signing secret of the new endpoint').textContent())!.trim()).toMatch(/^whsec_/);

    const pdf = Buffer.from(await makeInvoicePdf({ number: 'INV-6006', salt: 'webhooks-dashboard' })).toString(
      'base64',
    );
    const submitted = await api(rig.daemon.httpUrl, 'POST', '/v1/documents', {
      key: rig.liveKey,
      body: {
        extractor_id: extractor.body.id,
        document: pdf,
        mime_type: 'application/pdf',
        metadata: { file_name: 'hook-invoice.pdf' },
      },
    });
    expect(submitted.status).toBe(202);
    // The test event needs no URL typed again: the endpoint's is there.
    expect(await page.getByLabel('Receiver URL').inputValue()).toBe(receiverUrl);

    await page.getByLabel('Delivery status').selectOption('failed');
    await untilRow(page, 'failed');
    expect(requests).toHaveLength(6);
    const log = page.getByRole('region', { name: 'Delivery log' });
    const row = log.getByRole('row', { name: /job\.completed/ });
    // The row names its document, linking to its job; Replay is there without opening the attempts.
    expect(await row.getByRole('link', { name: 'hook-invoice.pdf' }).getAttribute('href')).toBe(
      `/documents/${submitted.body.id}`,
    );
    expect(await row.getByRole('button', { name: /^Replay/ }).isVisible()).toBe(true);
    await row.getByRole('button', { name: /Attempts/ }).click();
    const attempts = log.locator('.attempts');
    await attempts.getByRole('row').nth(6).waitFor();
    // Each of the six attempts with the receiver's status code; none is due any more.
    expect(await attempts.getByRole('cell', { name: '503', exact: true }).count()).toBe(6);
    expect(await attempts.textContent()).toContain('Next attempt: —');
    await expectAccessible(page, 'webhooks (failed delivery)');
    await shot(page, '40-webhooks-failed');

    await row.getByRole('button', { name: /^Replay/ }).click();
    await page.getByLabel('Delivery status').selectOption('succeeded');
    await untilRow(page, 'succeeded');
    expect(requests).toHaveLength(7);
    expect(requests.every((r) => /^[0-9a-f]{64}$/.test(r.signature ?? '') && r.event === 'job.completed')).toBe(true);
    // The open attempts follow the refreshed row: the new chain's delivered attempt is there.
    const toggle = log.getByRole('row', { name: /job\.completed/ }).getByRole('button', { name: /Attempts/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await log.locator('.attempts').getByRole('cell', { name: '200', exact: true }).waitFor();
    await expectAccessible(page, 'webhooks (replayed)');
    await shot(page, '41-webhooks-replayed');

    // Deleting the endpoint asks first and is styled as destructive: dismissed, it stays; accepted, it goes.
    const endpoints = page.getByRole('table', { name: 'Endpoints' });
    const remove = endpoints.getByRole('button', { name: `Delete ${receiverUrl}` });
    expect(await remove.getAttribute('class')).toBe('danger');
    page.once('dialog', (d) => void d.dismiss());
    await remove.click();
    expect(await endpoints.locator('code', { hasText: receiverUrl }).count()).toBe(1);
    const listed = await api(rig.daemon.httpUrl, 'GET', '/v1/webhooks/endpoints', { key: rig.liveKey });
    expect(listed.body.endpoints).toHaveLength(1);
    page.once('dialog', (d) => void d.accept());
    await remove.click();
    await page.getByText('No endpoints yet').waitFor();
    const gone = await api(rig.daemon.httpUrl, 'GET', `/v1/webhooks/endpoints/${listed.body.endpoints[0].id}`, {
      key: rig.liveKey,
    });
    expect(gone.status).toBe(404);
  }, 180_000);
});
