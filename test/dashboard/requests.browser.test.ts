/**
 * Each screen's data in one or two API requests: every path of the dashboard opened in Chromium
 * (on the shared daemon, an organization of its own with an extractor, a completed job, a webhook
 * endpoint, a prefix and an ERP connection, so that every screen has something to load), counting
 * the fetch and XHR requests to /v1 and /api it makes until the network is idle. And the keyboard
 * alone: sign in, the sidebar, a form.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInvoicePdf } from '../support/fixtures.js';
import { api } from '../support/processes.js';
import { startDashboardRig, type DashboardRig } from './daemon.js';
import { signIn } from './pages.js';
import { eventually } from '../support/wait.js';

let rig: DashboardRig;
let jobId: string;
const prefix = `counted${Date.now() % 100_000}`;

/** The API requests (fetch or XHR under /v1 or /api, not pictures) a full load of `path` makes. */
async function apiRequestsOf(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  const seen: string[] = [];
  const record = (r: { resourceType(): string; url(): string }) => {
    const url = new URL(r.url());
    if (['fetch', 'xhr'].includes(r.resourceType()) && /^\/(v1|api)\//.test(url.pathname))
      seen.push(url.pathname + url.search);
  };
  // Leave the previous screen first: a request it still had to make (a loaded machine can delay one past
  // its heading) would otherwise be counted for this screen.
  await page.goto('about:blank');
  page.on('request', record);
  try {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', record);
  }
  return seen;
}

describe('dashboard screens load their data in one to three API requests', () => {
  beforeAll(async () => {
    rig = await startDashboardRig('dashboard-requests');
    const key = rig.liveKey;
    const url = rig.daemon.httpUrl;
    const extractor = await api(url, 'POST', '/v1/extractors', {
      key,
      body: {
        name: 'Invoices',
        document_type: 'invoice',
        field_definitions: [{ name: 'invoice_number', type: 'text', required: true, description: 'The number' }],
      },
    });
    expect(extractor.status).toBe(201);
    const pdf = Buffer.from(await makeInvoicePdf({ number: 'INV-4411', salt: 'requests' })).toString('base64');
    const job = await api(url, 'POST', '/v1/documents', {
      key,
      body: { extractor_id: extractor.body.id, document: pdf, mime_type: 'application/pdf' },
    });
    expect(job.status).toBe(202);
    jobId = job.body.id;
    await eventually(
      `job ${jobId} completed`,
      async () => (await api(url, 'GET', `/v1/documents/${jobId}`, { key })).body.status === 'completed',
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    const webhook = await api(url, 'POST', '/v1/webhooks/endpoints', {
      key,
      body: { url: 'https://127.0.0.1:9/hook' },
    });
    expect(webhook.status).toBe(201);
    const config = await api(url, 'POST', '/api/email-ingestion/config', {
      key,
      body: { emailPrefix: prefix, defaultDocumentType: 'invoice' },
    });
    expect(config.status).toBe(201);
    const erp = await api(url, 'POST', '/v1/erp-connections', {
      key,
      body: { name: 'Ledger', url: 'https://127.0.0.1:9/bills' },
    });
    expect(erp.status).toBe(201);
  }, 360_000);

  afterAll(() => rig?.stop());

  it('counts at most two per screen', async () => {
    const page = await rig.pages.newPage();
    await signIn(page, rig.liveKey);
    const screens: [string, string | RegExp][] = [
      ['/', 'Overview'],
      ['/documents', 'Documents'],
      [`/documents/${jobId}`, `Document ${jobId}`],
      [`/documents/${jobId}/review`, `Review ${jobId}`],
      ['/review', 'Documents to review'],
      ['/extractors', 'Extractors'],
      ['/webhooks', 'Webhooks'],
      ['/email', 'Email'],
      ['/email/messages', 'Email'],
      ['/email/review', 'Email'],
      [`/email/prefixes/${prefix}`, new RegExp(prefix)],
      ['/email/prefixes/new', 'New prefix'],
      ['/erp', 'Accounting (ERP)'],
      ['/api-keys', 'API keys'],
      ['/credits', 'Credits'],
    ];
    const counts: Record<string, string[]> = {};
    for (const [path, heading] of screens) counts[path] = await apiRequestsOf(page, path, heading);
    process.stderr.write(
      `dashboard-requests: ${Object.entries(counts)
        .map(([p, r]) => `${p} ${r.length}`)
        .join(', ')}\n`,
    );
    for (const [path, requests] of Object.entries(counts)) {
      // The new-prefix form starts from defaults in the page; every other screen loads something.
      if (path !== '/email/prefixes/new') expect(requests.length, path).toBeGreaterThan(0);
      // The job page names its extractor: the job, the extractor and the job's deliveries.
      const most = path === `/documents/${jobId}` ? 3 : 2;
      expect(requests.length, `${path}: ${requests.join(' ')}`).toBeLessThanOrEqual(most);
    }
    // The overview is one request; a daemon whose overview does not count the documents to review
    // is asked for that count (the review queue's total) as well.
    expect(counts['/']!.slice(0, 1)).toEqual(['/v1/overview']);
    expect(counts['/']!.slice(1)).toEqual(
      counts['/']!.length > 1 ? ['/v1/documents?status=completed&needs_review=true&limit=1'] : [],
    );
  }, 180_000);

  it('is usable from the keyboard alone: sign in, reach a screen from the sidebar, fill and send a form', async () => {
    const page = await rig.pages.newPage();
    await page.goto('/');
    const hasFocus = (target: Locator) =>
      target.evaluate(
        (el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
      );
    const tabTo = async (target: Locator) => {
      for (let i = 0; !(await hasFocus(target)); i++) {
        if (i > 40) throw new Error(`Tab never reached ${target.toString()}`);
        await page.keyboard.press('Tab');
      }
    };
    await tabTo(page.getByLabel('API key'));
    await page.keyboard.type(rig.liveKey);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await tabTo(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Webhooks' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await tabTo(page.getByLabel('HTTPS URL'));
    await page.keyboard.type('https://127.0.0.1:9/keyboard');
    await tabTo(page.getByRole('button', { name: 'Add endpoint' }));
    await page.keyboard.press('Enter');
    await page.getByLabel('Signing secret of the new endpoint').waitFor();
    await page.getByRole('row', { name: /127\.0\.0\.1:9\/keyboard/ }).waitFor();
  }, 120_000);
});
