/**
 * The Accounting (ERP) screen in Chromium against a real `intake start` on PGlite: a connection made
 * in the page to a local HTTPS ledger (the committed loopback test certificate) that refuses every
 * record, a document mailed (through the test endpoint) to a prefix naming it, and the failed sync
 * with the ledger's reason shown in the page.
 */
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoicePdf } from '../support/fixtures.js';
import { api, removeTempDirs } from '../support/processes.js';
import { TEST_CERT_FILE, TEST_KEY_FILE } from '../support/test-cert.js';
import { startDashboardRig, type DashboardRig } from './daemon.js';
import { expectAccessible, go, shot, signIn } from './pages.js';
import { eventually } from '../support/wait.js';

let rig: DashboardRig;
let ledger: https.Server;
let ledgerUrl: string;
const received: string[] = [];

describe('dashboard Accounting (ERP) screen in Chromium', () => {
  beforeAll(async () => {
    ledger = https.createServer(
      { cert: fs.readFileSync(TEST_CERT_FILE), key: fs.readFileSync(TEST_KEY_FILE) },
      (req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push(body);
          res.writeHead(422, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'vendor Northwind Traders Ltd is not in the ledger' }));
        });
      },
    );
    await new Promise<void>((resolve) => ledger.listen(0, '127.0.0.1', resolve));
    ledgerUrl = `https://127.0.0.1:${(ledger.address() as AddressInfo).port}/bills`;
    // Retries at once (a 5xx would be retried; the ledger's 422 is final): nothing waits for minutes.
    rig = await startDashboardRig('dashboard-erp', {
      WEBHOOK_CA_FILE: TEST_CERT_FILE,
      ERP_RETRY_DELAYS_MS: '0',
      ERP_POLL_MS: '200',
      TEST_EXTRACTION_WAIT_MS: '0',
    });
    const extractor = await api(rig.daemon.httpUrl, 'POST', '/v1/extractors', {
      key: rig.liveKey,
      body: {
        name: 'Bills',
        document_type: 'invoice',
        field_definitions: [
          { name: 'invoice_number', type: 'text', required: true, description: 'The invoice number' },
        ],
      },
    });
    expect(extractor.status).toBe(201);
  }, 300_000);

  afterAll(async () => {
    await rig?.stop();
    await new Promise((resolve) => ledger?.close(resolve));
    await removeTempDirs();
  });

  it("connects a ledger (secret shown once), and shows a refused record as a failed sync with the ledger's reason", async () => {
    const page = await rig.pages.newPage();
    await signIn(page, rig.liveKey);
    await go(page, 'Accounting (ERP)');
    await page.getByText('No accounting system connected').waitFor();
    await expectAccessible(page, 'ERP (empty)');
    await shot(page, '30-erp-empty');

    const form = page.getByRole('region', { name: 'Connect an accounting system' });
    await form.getByLabel('Name').fill('Ledger');
    await form.getByLabel('HTTPS URL').fill('http://127.0.0.1/bills');
    await form.getByRole('button', { name: 'Connect' }).click();
    // The API's own refusal of a plain-HTTP URL, on the field.
    await form.locator('[data-path="url"] .field-error').getByText('must be an HTTPS URL').waitFor();
    await form.getByLabel('HTTPS URL').fill(ledgerUrl);
    await form.getByRole('button', { name: 'Connect' }).click();
    expect(
      (await form.getByLabel('Signing secret of the new connection').textContent())!.trim().length,
    ).toBeGreaterThanOrEqual(16);
    const row = page.getByRole('row', { name: /^Ledger/ });
    await row.waitFor();
    const connectionId = (await row.locator('code').first().textContent())!;
    expect(connectionId).toMatch(/^erp_/);

    // A prefix naming it, and an invoice run through it: the record goes to the ledger, whose 422 fails it at once.
    const prefix = await api(rig.daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
      key: rig.liveKey,
      body: { emailPrefix: 'bills', defaultDocumentType: 'invoice', erpConnectionId: connectionId },
    });
    expect(prefix.status, JSON.stringify(prefix.body)).toBe(201);
    const pdf = Buffer.from(await makeInvoicePdf({ number: 'INV-3003', salt: 'erp-dashboard' })).toString('base64');
    const tested = await api(rig.daemon.httpUrl, 'POST', '/api/email-ingestion/test', {
      key: rig.liveKey,
      body: { emailPrefix: 'bills', testDocument: pdf, filename: 'bill.pdf' },
    });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.jobId).toMatch(/^job_/);
    let failedSyncs = tested;
    await eventually(
      () => `a failed sync: ${JSON.stringify(failedSyncs.body)} (ledger saw ${received.length})`,
      async () => {
        failedSyncs = await api(rig.daemon.httpUrl, 'GET', `/v1/erp-connections/${connectionId}/syncs?status=failed`, {
          key: rig.liveKey,
        });
        return failedSyncs.body.total === 1;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(received.length).toBe(1);
    expect(JSON.parse(received[0]!)).toMatchObject({ id: tested.body.jobId });

    await page.getByLabel('Sync status').selectOption('failed');
    const syncs = page.getByRole('region', { name: 'Syncs of Ledger' });
    const failed = syncs.getByRole('row', { name: new RegExp(tested.body.jobId as string) });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('failed');
    expect(await failed.textContent()).toContain('HTTP 422');
    expect(await failed.textContent()).toContain('not in the ledger');
    expect(await failed.getByRole('link', { name: tested.body.jobId as string }).getAttribute('href')).toBe(
      `/documents/${tested.body.jobId as string}`,
    );
    await expectAccessible(page, 'ERP with a failed sync');
    await shot(page, '31-erp-failed-sync');

    // Pause: the API stores it and the row says so;.
    await row.getByRole('button', { name: /^Pause/ }).click();
    await row.getByRole('cell', { name: 'paused', exact: true }).waitFor();
    const paused = await api(rig.daemon.httpUrl, 'GET', `/v1/erp-connections/${connectionId}`, { key: rig.liveKey });
    expect(paused.body.is_active).toBe(false);
    await expectAccessible(page, 'ERP with a paused connection');
    await shot(page, '32-erp-paused');
    await row.getByRole('button', { name: /^Resume/ }).click();
    await row.getByRole('cell', { name: 'active', exact: true }).waitFor();
    const resumed = await api(rig.daemon.httpUrl, 'GET', `/v1/erp-connections/${connectionId}`, { key: rig.liveKey });
    expect(resumed.body.is_active).toBe(true);
  }, 180_000);
});
