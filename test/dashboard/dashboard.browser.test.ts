/**
 * The dashboard in a real browser: headless Chromium (test/dashboard/chromium.ts) against a real
 * `intake start` on a new PGlite data directory. Screenshots of every screen go to
 * test/results/dashboard/. The tests share one daemon and run in order (so not useProcessCleanup,
 * whose afterEach would stop it between tests; the daemon is stopped in afterAll).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { makeInvoicePdf } from '../support/fixtures.js';
import { callApi } from '../support/http.js';
import {
  api,
  freePort,
  makeMigratedDataDir,
  removeTempDirs,
  startDaemon,
  type DaemonProcess,
} from '../support/processes.js';
import {
  expectAccessible,
  expectDestructiveLooksDestructive,
  go,
  openPages,
  rawGet,
  shot,
  signIn,
  type PageOpener,
} from './pages.js';
import { eventually } from '../support/wait.js';

let daemon: DaemonProcess;
let browser: Browser;
let pages: PageOpener;
let env: Record<string, string>;
let orgId: string;
let liveKey: string;
let testKey: string;
let readOnlyKey: string;
let extractorId: string;

const newPage = (): Promise<Page> => pages.newPage();

describe('dashboard in Chromium', () => {
  beforeAll(async () => {
    // The run's shared Chromium (test/dashboard/global-setup.ts); its own daemon: see there why.
    const launching = chromium.connect(inject('chromiumEndpoint'));
    // A port chosen here, so the signed document links (PUBLIC_BASE_URL) point at this daemon.
    const port = await freePort();
    env = {
      // Not a first start: a copy of the run's migrated, empty data directory (the default organization is still made).
      DATA_DIR: makeMigratedDataDir('intake-dashboard-'),
      WORKER_POLL_MS: '200',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_POLL_MS: '200',
      HTTP_PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    };
    const started = performance.now();
    daemon = await startDaemon(env, { timeoutMs: 300_000 });
    const ready = performance.now();
    const out = daemon.stdout();
    orgId = /organization: (org_\S+)/.exec(out)![1]!;
    liveKey = /live key: +(sk_live_\S+)/.exec(out)![1]!;
    testKey = /test key: +(sk_test_\S+)/.exec(out)![1]!;
    await runInProcessOk(['credits', 'add', '--org', orgId, '--amount', '500'], env);
    const extractor = await api(daemon.httpUrl, 'POST', '/v1/extractors', {
      key: liveKey,
      body: {
        name: 'Invoices',
        document_type: 'invoice',
        field_definitions: [
          { name: 'invoice_number', type: 'text', required: true, description: 'The invoice number' },
          { name: 'total_amount', type: 'currency', required: true, description: 'The total' },
          {
            name: 'purchase_order',
            type: 'text',
            required: true,
            description: 'The PO number (absent: a validation error)',
          },
        ],
      },
    });
    expect(extractor.status, JSON.stringify(extractor.body)).toBe(201);
    extractorId = extractor.body.id;
    const ro = await api(daemon.httpUrl, 'POST', '/v1/api-keys', {
      key: liveKey,
      body: { name: 'read only', environment: 'live', scopes: ['documents:read', 'extractors:read', 'credits:read'] },
    });
    expect(ro.status).toBe(201);
    readOnlyKey = ro.body.key;
    browser = await launching;
    pages = openPages(browser, daemon.httpUrl);
    process.stderr.write(
      `dashboard: daemon ready in ${Math.round(ready - started)} ms, set up in ${Math.round(performance.now() - started)} ms\n`,
    );
  }, 300_000);

  afterAll(async () => {
    await pages?.closeAll();
    await browser?.close();
    await daemon?.stop();
    await removeTempDirs();
  });

  it('serves the page with a strict CSP and no inline script, a small bundle, HttpOnly SameSite=Strict session cookies, and CSRF-checked writes', async () => {
    const page = await fetch(`${daemon.httpUrl}/documents`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    // A JSON client still gets the API's 404 for unknown paths.
    expect((await api(daemon.httpUrl, 'GET', '/no-such-thing')).status).toBe(404);

    const js = await rawGet(`${daemon.httpUrl}/assets/app.js`, { 'accept-encoding': 'gzip' });
    expect(js.status).toBe(200);
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.bytes).toBeLessThan(150 * 1024);
    process.stderr.write(`dashboard: first JavaScript load ${js.bytes} bytes gzip\n`);

    const signIn = await fetch(`${daemon.httpUrl}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: liveKey }),
    });
    expect(signIn.status).toBe(201);
    const setCookie = signIn.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^intake_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain(liveKey);
    const session = (await signIn.json()) as { csrf_token: string; environment: string };
    expect(session.environment).toBe('live');
    const cookie = setCookie.split(';')[0]!;

    // The cookie authenticates the API as the key would, rate limit included.
    const list = await callApi(daemon.httpUrl, 'GET', '/v1/extractors', { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-ratelimit-limit')).toBe('500');
    const body = {
      name: 'Receipts',
      document_type: 'receipt',
      field_definitions: [{ name: 'total', type: 'currency', required: true, description: 'Total' }],
    };
    const noToken = await callApi(daemon.httpUrl, 'POST', '/v1/extractors', { headers: { cookie }, body });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.message).toContain('CSRF');
    const wrongToken = await callApi(daemon.httpUrl, 'POST', '/v1/extractors', {
      headers: { cookie, 'x-csrf-token': 'x'.repeat(43) },
      body,
    });
    expect(wrongToken.status).toBe(403);
    const withToken = await callApi(daemon.httpUrl, 'POST', '/v1/extractors', {
      headers: { cookie, 'x-csrf-token': session.csrf_token },
      body,
    });
    expect(withToken.status).toBe(201);
    // Sign-in from another origin, or as a form, is refused.
    const foreign = await fetch(`${daemon.httpUrl}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ api_key: liveKey }),
    });
    expect(foreign.status).toBe(403);
    const form = await fetch(`${daemon.httpUrl}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `api_key=${liveKey}`,
    });
    expect(form.status).toBe(415);
    // Signing out ends the session on the server at once.
    const out = await fetch(`${daemon.httpUrl}/session`, {
      method: 'DELETE',
      headers: { cookie, 'x-csrf-token': session.csrf_token },
    });
    expect(out.status).toBe(204);
    expect((await callApi(daemon.httpUrl, 'GET', '/v1/extractors', { headers: { cookie } })).status).toBe(401);
  });

  it('signs in with a key, shows the overview, uploads a PDF by drag and drop, watches it complete and shows its fields', async () => {
    const page = await newPage();
    await signIn(page, liveKey);
    expect(await page.locator('.mode-label').textContent()).toBe('LIVE MODE');
    await page.getByRole('region', { name: 'Last 30 days' }).waitFor();
    expect(await page.getByRole('region', { name: 'Credits' }).textContent()).toContain('500');
    // A new organization is taught the three steps, each with a command to copy.
    const start = page.getByRole('region', { name: 'Start here' });
    expect(await start.getByLabel('Create an extractor with curl').textContent()).toContain('/v1/extractors');
    expect(await start.getByLabel('Create a prefix with curl').textContent()).toContain('/api/email-ingestion/config');
    expect(await start.getByLabel('Mail a document with swaks').textContent()).toContain('--attach @invoice.pdf');
    await expectAccessible(page, 'overview (empty)');
    await shot(page, '01-overview-empty');

    await go(page, 'Documents');
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page.getByText('No documents match').waitFor();
    await expectAccessible(page, 'documents (empty)');

    await page.getByLabel('Send to extractor').selectOption({ label: 'Invoices (invoice)' });
    const pdf = Buffer.from(await makeInvoicePdf({ number: 'INV-7781', total: '1,200.00' })).toString('base64');
    // A real drop event carrying the file, as a person dragging it from their desktop makes.
    await page.evaluate(`(() => {
      const bytes = Uint8Array.from(atob('${pdf}'), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'invoice.pdf', { type: 'application/pdf' }));
      const zone = document.querySelector('[data-testid=dropzone]');
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    })()`);
    const result = page.locator('.upload-result');
    await result.getByText('completed').waitFor({ timeout: 45_000 });
    await page.locator('table caption').getByText('1 document;').waitFor();
    await expectAccessible(page, 'documents');
    await shot(page, '02-documents');

    await result.getByRole('link').click();
    await page.getByRole('heading', { name: 'Extracted fields' }).waitFor();
    await shot(page, '03-document');
    const fields = page.getByRole('region', { name: 'Extracted fields' });
    expect(await fields.locator('tr', { hasText: 'invoice_number' }).textContent()).toContain('INV-7781');
    expect(await fields.locator('tr', { hasText: 'total_amount' }).textContent()).toContain('1200');
    expect(await fields.locator('.band-high, .band-medium, .band-low').count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'Validation errors' }).textContent()).toContain('purchase_order');
    const original = await page.getByRole('link', { name: 'Download the original' }).getAttribute('href');
    const download = await fetch(original!);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The inline preview loads the same signed link in a frame, which the CSP allows (frame-src 'self').
    const framed = page.waitForResponse((r) => r.url() === original && r.request().frame() !== page.mainFrame());
    await page.getByRole('button', { name: 'Show the original here' }).click();
    expect((await framed).status()).toBe(200);
    expect(await page.locator('iframe.preview').getAttribute('title')).toContain('original document');
    await expectAccessible(page, 'document page');

    // Back on the overview, the month counts the job.
    await go(page, 'Overview');
    await page.getByRole('region', { name: 'Last 30 days' }).getByText('Completed').waitFor();
    expect(await page.getByRole('region', { name: 'Last 30 days' }).textContent()).toMatch(/Documents1/);
    // The chart: today's bar is the one completed job, said in words and in its table.
    const chart = page.getByRole('region', { name: 'Jobs per day' });
    expect(await chart.getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
    expect(await chart.locator('svg title').textContent()).toContain('1 completed and 0 failed');
    expect(await chart.locator('rect.completed').count()).toBe(1);
    await shot(page, '04-overview');
    await chart.getByText('Show the numbers as a table').click();
    const today = new Date().toISOString().slice(0, 10);
    expect(await chart.getByRole('row', { name: new RegExp(`^${today}`) }).textContent()).toBe(`${today}10`);
    const daily = await api(daemon.httpUrl, 'GET', '/v1/documents/stats/daily?days=30', { key: liveKey });
    expect(daily.body.days).toHaveLength(30);
    expect(daily.body.days.at(-1)).toEqual({ day: today, completed: 1, failed: 0 });
    await expectAccessible(page, 'overview with the chart');
    await shot(page, '04b-overview-table');
    expect((page as Page & { cspViolations: string[] }).cspViolations).toEqual([]);
  }, 180_000);

  it('adds a webhook endpoint with an event selection (secret shown once), shows a failing delivery with its attempts, and sends a test event', async () => {
    const page = await newPage();
    await signIn(page, liveKey);
    await go(page, 'Webhooks');
    await page.getByText('No endpoints yet').waitFor();
    await expectAccessible(page, 'webhooks (empty)');
    // Nothing listens there: every delivery fails with the connection refused.
    const deadUrl = `https://127.0.0.1:${await freePort()}/hook`;
    await page.getByLabel('HTTPS URL').fill(deadUrl);
    await page.getByRole('checkbox', { name: 'job.failed' }).uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByLabel('Signing secret of the new endpoint').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const row = page.locator('tr', { hasText: deadUrl });
    expect(await row.textContent()).toContain('job.completed');
    expect(await row.textContent()).not.toContain('job.failed');

    // A job completes: its job.completed delivery fails and waits for its next attempt.
    const pdf = Buffer.from(await makeInvoicePdf({ number: 'INV-9001', salt: 'webhook' })).toString('base64');
    const submitted = await api(daemon.httpUrl, 'POST', '/v1/documents', {
      key: liveKey,
      body: { extractor_id: extractorId, document: pdf, mime_type: 'application/pdf' },
    });
    expect(submitted.status).toBe(202);
    let log = submitted;
    await eventually(
      () => `a delivery attempt: ${JSON.stringify(log.body)}`,
      async () => {
        log = await api(daemon.httpUrl, 'GET', '/v1/webhooks/deliveries', { key: liveKey });
        return log.body.deliveries?.[0]?.attempt_count >= 1;
      },
      { intervalMs: 200 },
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    const delivery = page.getByRole('region', { name: 'Delivery log' }).getByRole('row', { name: /job\.completed/ });
    await delivery.getByRole('button', { name: /Attempts/ }).click();
    const attempts = page.locator('.attempts');
    await attempts
      .getByRole('cell', { name: /ECONNREFUSED|refused/i })
      .first()
      .waitFor();
    expect(await attempts.textContent()).toMatch(/Next attempt: (?!—)/);

    // The job's own page lists the delivery its event caused, with the same attempts.
    await page.goto(`/documents/${submitted.body.id}`);
    const ofJob = page.getByRole('region', { name: 'Webhook deliveries' });
    await ofJob
      .getByRole('row', { name: /job\.completed/ })
      .getByRole('button', { name: /Attempts/ })
      .click();
    await ofJob
      .locator('.attempts')
      .getByRole('cell', { name: /ECONNREFUSED|refused/i })
      .first()
      .waitFor();
    expect(await ofJob.locator('caption').first().textContent()).toBe("1 delivery of this job's events");
    await expectAccessible(page, 'document page with deliveries');
    await shot(page, '05a-document-deliveries');
    await go(page, 'Webhooks');
    await page.getByLabel('Receiver URL').fill(deadUrl);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page
      .getByRole('region', { name: 'Send a test event' })
      .getByText(/Not delivered/)
      .waitFor();
    await expectAccessible(page, 'webhooks');
    await shot(page, '05-webhooks');
  }, 120_000);

  it("creates a key (shown once) and revokes it; the revoked key's session ends at once", async () => {
    const admin = await newPage();
    await signIn(admin, liveKey);
    await go(admin, 'API keys');
    await admin.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await admin.getByLabel('Name').fill('ci robot');
    await admin.getByRole('checkbox', { name: 'api_keys:write' }).check();
    await admin.getByRole('button', { name: 'Create key' }).click();
    const shown = admin.getByLabel('New key ci robot');
    await shown.waitFor();
    const newKey = (await shown.textContent())!.trim();
    expect(newKey).toMatch(/^sk_live_/);
    await expectAccessible(admin, 'API keys');
    await shot(admin, '06-api-keys');

    const other = await newPage();
    await signIn(other, newKey);
    await go(other, 'API keys');
    await other.getByRole('cell', { name: 'active (this session)' }).waitFor();
    // The overview's requests of its sign-in are answered before the key goes (else one may end the session first).
    await other.waitForLoadState('networkidle');

    admin.once('dialog', (d) => void d.accept());
    await admin
      .getByRole('row', { name: /ci robot/ })
      .getByRole('button', { name: /Revoke/ })
      .click();
    await admin
      .getByRole('row', { name: /ci robot/ })
      .getByText(/revoked/)
      .waitFor();
    // The secret of the key just revoked no longer stays on screen.
    expect(await admin.getByLabel('New key ci robot').count()).toBe(0);

    // The other browser's next request finds its session gone and shows the sign-in form.
    await go(other, 'Documents');
    await other.getByRole('heading', { name: 'Sign in to Intake' }).waitFor();
    expect(await other.getByRole('status').textContent()).toContain('session has ended');
    await expectAccessible(other, 'sign-in');
    await shot(other, '07-signed-out');
  }, 120_000);

  it('a read-only key finds every write action disabled, with the reason', async () => {
    const page = await newPage();
    await signIn(page, readOnlyKey);
    await go(page, 'Documents');
    const choose = page.getByRole('button', { name: 'Choose files' });
    await choose.waitFor();
    expect(await choose.isDisabled()).toBe(true);
    expect(await page.locator('#upload-why').textContent()).toContain('documents:write');
    await expectAccessible(page, 'documents (read-only)');
    await shot(page, '08-documents-read-only');

    await go(page, 'API keys');
    const create = page.getByRole('button', { name: 'Create key' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByText('Your key lacks the api_keys:write scope').first().isVisible()).toBe(true);
    // The list itself is the API's answer for this key, in its words.
    expect(await page.getByRole('alert').textContent()).toContain('api_keys:write');
    await expectAccessible(page, 'API keys (read-only)');
    await shot(page, '09-api-keys-read-only');
  });
  it("creates an extractor with a validation pattern (the API's error for a bad one shown on the field), deactivates, activates, duplicates and deletes", async () => {
    const page = await newPage();
    await signIn(page, liveKey);
    await go(page, 'Extractors');
    const create = page.getByRole('region', { name: 'Create an extractor' });
    await page.getByRole('table').getByRole('cell', { name: 'Invoices', exact: true }).waitFor();
    await create.getByLabel('Extractor name').fill('Contracts');
    await create.getByLabel('Document type').fill('contract');
    const field = create.getByRole('group', { name: 'Field 1' });
    await field.getByLabel('Name').fill('contract_id');
    await field.getByLabel('Description').fill('The contract number');
    await field.getByLabel('Validation pattern').fill('^(CT-\\d+$');
    await create.getByRole('button', { name: 'Create extractor' }).click();
    // What the API itself answers for this body: the page must show its words on the field.
    const refused = await api(daemon.httpUrl, 'POST', '/v1/extractors', {
      key: liveKey,
      body: {
        name: 'Contracts',
        document_type: 'contract',
        field_definitions: [
          {
            name: 'contract_id',
            type: 'text',
            required: true,
            description: 'The contract number',
            validation: { pattern: '^(CT-\\d+$' },
          },
        ],
      },
    });
    expect(refused.status).toBe(400);
    const detail = (refused.body.error.details as { path: string; message: string }[]).find((d) =>
      d.path.endsWith('validation.pattern'),
    )!;
    expect(detail.message).toContain('pattern does not compile');
    await field.locator('.field-error').getByText(detail.message).waitFor();
    expect(await create.getByRole('alert').textContent()).toContain(refused.body.error.message);
    expect(await page.getByRole('row', { name: /Contracts/ }).count()).toBe(0);
    await expectAccessible(page, 'extractors (refused)');
    await shot(page, '10-extractors-refused');

    await field.getByLabel('Validation pattern').fill('^CT-\\d+$');
    await create.getByRole('button', { name: 'Create extractor' }).click();
    const row = page.getByRole('row', { name: /^Contracts contract/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('pattern ^CT-\\d+$');
    expect(await create.locator('.field-error').count()).toBe(0);
    const id = await row.getAttribute('data-extractor-id');
    const stored = await api(daemon.httpUrl, 'GET', `/v1/extractors/${id}`, { key: liveKey });
    expect(stored.body.field_definitions[0].validation).toEqual({ pattern: '^CT-\\d+$' });

    // Editing its fields: the API's error on the field, then the change saved with a PATCH.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('region', { name: 'Edit Contracts' });
    const editField = edit.getByRole('group', { name: 'Field 1' });
    expect(await editField.getByLabel('Validation pattern').inputValue()).toBe('^CT-\\d+$');
    await editField.getByLabel('Validation pattern').fill('^(CT');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await editField
      .locator('.field-error')
      .getByText(/pattern does not compile/)
      .waitFor();
    await editField.getByLabel('Validation pattern').fill('^CT-\\d{4}$');
    await edit.getByRole('button', { name: 'Add a field' }).click();
    const added = edit.getByRole('group', { name: 'Field 2' });
    await added.getByLabel('Name').fill('contract_value');
    await added.getByLabel('Type').selectOption('currency');
    await added.getByLabel('Minimum amount').fill('100');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByRole('status').getByText('Saved Contracts.').waitFor();
    const edited = await api(daemon.httpUrl, 'GET', `/v1/extractors/${id}`, { key: liveKey });
    expect(
      edited.body.field_definitions.map((f: { name: string; validation?: unknown }) => [f.name, f.validation]),
    ).toEqual([
      ['contract_id', { pattern: '^CT-\\d{4}$' }],
      ['contract_value', { min: 100 }],
    ]);
    await row.getByText('min 100').waitFor();
    // Removing a field is destructive and looks it, as Delete does in the list.
    expect(await expectDestructiveLooksDestructive(page, 'extractor edit')).toEqual(
      expect.arrayContaining(['Remove field 1', 'Remove field 2', 'Delete Contracts']),
    );
    await expectAccessible(page, 'extractor edit');
    await shot(page, '10a-extractor-edit');
    await edit.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: /Deactivate/ }).click();
    await row.getByRole('cell', { name: 'inactive' }).waitFor();
    expect((await api(daemon.httpUrl, 'GET', `/v1/extractors/${id}`, { key: liveKey })).body.is_active).toBe(false);
    await row.getByRole('button', { name: /Activate/ }).click();
    await row.getByRole('cell', { name: 'active', exact: true }).waitFor();

    await row.getByRole('button', { name: /Duplicate/ }).click();
    const copy = page.getByRole('row', { name: /^Contracts \(copy\)/ });
    await copy.waitFor();
    await expectAccessible(page, 'extractors');
    await shot(page, '11-extractors');
    // Delete asks first: dismissing keeps it, accepting deletes it.
    page.once('dialog', (d) => void d.dismiss());
    await copy.getByRole('button', { name: /Delete/ }).click();
    expect(await copy.count()).toBe(1);
    page.once('dialog', (d) => void d.accept());
    await copy.getByRole('button', { name: /Delete/ }).click();
    await copy.waitFor({ state: 'detached' });
    const left = await api(daemon.httpUrl, 'GET', '/v1/extractors?limit=100', { key: liveKey });
    expect(
      (left.body.extractors as { name: string }[]).map((x) => x.name).filter((n) => n.startsWith('Contracts')),
    ).toEqual(['Contracts']);
  }, 120_000);

  it('a test key and a read-only key find the extractor actions disabled, each with its reason', async () => {
    const page = await newPage();
    await signIn(page, testKey);
    expect(await page.locator('.mode-label').textContent()).toBe('TEST MODE');
    await go(page, 'Extractors');
    const create = page.getByRole('button', { name: 'Create extractor' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    // The reason is the API's own answer to a test key.
    const refused = await api(daemon.httpUrl, 'POST', '/v1/extractors', {
      key: testKey,
      body: {
        name: 'X',
        document_type: 'x',
        field_definitions: [{ name: 'a', type: 'text', required: true, description: '' }],
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_permissions');
    // Shown once, and every disabled action is described by it.
    const reason = page.locator('#extractors-why');
    expect(await reason.textContent()).toContain(refused.body.error.message);
    expect(await create.getAttribute('aria-describedby')).toBe('extractors-why');
    const deactivate = page.getByRole('row', { name: /^Invoices invoice/ }).getByRole('button', { name: /Deactivate/ });
    expect(await deactivate.isDisabled()).toBe(true);
    expect(await deactivate.getAttribute('aria-describedby')).toBe('extractors-why');
    expect(
      await page
        .getByRole('row', { name: /^Invoices invoice/ })
        .getByRole('button', { name: /Delete/ })
        .isDisabled(),
    ).toBe(true);
    await expectAccessible(page, 'extractors (test key)');
    await shot(page, '12-extractors-test-key');

    const ro = await newPage();
    await signIn(ro, readOnlyKey);
    await go(ro, 'Extractors');
    const roCreate = ro.getByRole('button', { name: 'Create extractor' });
    await roCreate.waitFor();
    expect(await roCreate.isDisabled()).toBe(true);
    expect(await ro.locator('#extractors-why').textContent()).toContain('Your key lacks the extractors:write scope');
    const roDelete = ro.getByRole('row', { name: /^Invoices invoice/ }).getByRole('button', { name: /Delete/ });
    expect(await roDelete.isDisabled()).toBe(true);
    expect(await roDelete.getAttribute('aria-describedby')).toBe('extractors-why');
    await expectAccessible(ro, 'extractors (read-only)');
  });

  it('shows the credit balance with its threshold and the ledger (top-up and charges)', async () => {
    const page = await newPage();
    await signIn(page, liveKey);
    await go(page, 'Credits');
    const balance = page.getByRole('region', { name: 'Balance' });
    await balance.waitFor();
    const real = await api(daemon.httpUrl, 'GET', '/v1/credits/balance', { key: liveKey });
    expect(await balance.textContent()).toContain(`Low-balance threshold${real.body.low_balance_threshold}`);
    expect(await balance.textContent()).toContain(`Available${real.body.available}`);
    const ledger = page.getByRole('region', { name: 'Ledger' });
    const ledgerApi = await api(daemon.httpUrl, 'GET', '/v1/credits/transactions?limit=50', { key: liveKey });
    expect(ledgerApi.body.total).toBeGreaterThan(1);
    await ledger.getByText(`${ledgerApi.body.total} entries, newest first`).waitFor();
    expect(await ledger.getByRole('row', { name: /top up \+500/ }).count()).toBe(1);
    // Each document charged in the earlier tests appears, linked to its job.
    expect(await ledger.getByRole('row', { name: /charge -/ }).count()).toBe(
      (ledgerApi.body.transactions as { type: string }[]).filter((t) => t.type === 'charge').length,
    );
    await expectAccessible(page, 'credits');
    await shot(page, '13-credits');
  });
});
