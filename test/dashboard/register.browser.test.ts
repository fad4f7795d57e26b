/**
 * The documents register and the fixes around it, in Chromium against the shared daemon: three
 * uploads and one mailed document become a register sorted by a header click, searched and
 * filtered through the URL (a reload keeps it), exported as CSV and trimmed by a confirmed delete;
 * the job page names the extractor and the mail's sender and subject; the review screen turns
 * clicked words into a date, keeps the page picture still, says why the document is flagged and
 * drops a "required" error once the field is filled; the overview counts documents to review and
 * builds its swaks command from the SMTP port the daemon really listens on. Every screen is then
 * opened at 390 and 1366 px: none scrolls sideways, the sidebar is a menu on the phone, and the
 * review screen stacks the page above the fields with the focused field's box in its frame.
 */
import net from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { api } from '../support/processes.js';
import { eventually } from '../support/wait.js';
import { startDashboardRig, type DashboardRig } from './daemon.js';
import { expectAccessible, expectNoSidewaysScroll, go, laidOut, shot, signIn } from './pages.js';

let rig: DashboardRig;
let page: Page;
const ids: Record<string, string> = {};
const PREFIX = 'register';

/** Submits a document with the live key under a file name and waits for its job to finish. */
async function extract(pdf: Uint8Array, fileName: string): Promise<string> {
  const submitted = await api(rig.daemon.httpUrl, 'POST', '/v1/documents', {
    key: rig.liveKey,
    body: {
      extractor_id: ids.extractor,
      document: base64(pdf),
      mime_type: 'application/pdf',
      metadata: { file_name: fileName },
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
  await finished(submitted.body.id);
  return submitted.body.id;
}

const finished = (id: string) =>
  eventually(
    `job ${id} finished`,
    async () =>
      ['completed', 'failed'].includes(
        (await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${id}`, { key: rig.liveKey })).body.status,
      ),
    { timeoutMs: 60_000, intervalMs: 200 },
  );

/** An invoice without a number (a required field) whose delivery date is written as OCR writes it. */
async function deliveredInvoice(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const p = pdf.addPage([595, 842]);
  const line = (text: string, x: number, y: number, size = 11) => p.drawText(text, { x, y, size, font });
  line('Harbour Supplies Ltd', 50, 780, 16);
  line('INVOICE', 420, 780, 16);
  line('Invoice Date:', 380, 724);
  line('14 March 2026', 460, 724);
  line('Delivered on', 50, 680);
  line('August 3 , 2014', 130, 680);
  line('Total', 380, 520);
  line('1,200.00', 480, 520);
  return pdf.save();
}

const register = () => page.getByRole('table');
const fileCells = () => register().locator('tbody th[scope=row]');

describe('dashboard documents register in Chromium', () => {
  beforeAll(async () => {
    rig = await startDashboardRig('register');
    const extractor = await api(rig.daemon.httpUrl, 'POST', '/v1/extractors', {
      key: rig.liveKey,
      body: invoiceExtractor(),
    });
    expect(extractor.status, JSON.stringify(extractor.body)).toBe(201);
    ids.extractor = extractor.body.id;
    ids.acme = await extract(
      await makeInvoicePdf({ vendor: 'Acme Tools GmbH', number: 'AC-3001', total: '2,400.00' }),
      'acme-october.pdf',
    );
    ids.northwind = await extract(await makeInvoicePdf({ number: 'NW-1001', total: '300.00' }), 'northwind.pdf');
    ids.delivered = await extract(await deliveredInvoice(), 'harbour-delivery.pdf');
    // A mailed document: the test endpoint runs it through the prefix as the gateway does.
    const config = await api(rig.daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
      key: rig.liveKey,
      body: { emailPrefix: PREFIX, defaultDocumentType: 'invoice' },
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    const mailed = await api(rig.daemon.httpUrl, 'POST', '/api/email-ingestion/test', {
      key: rig.liveKey,
      body: {
        emailPrefix: PREFIX,
        testDocument: base64(await makeInvoicePdf({ vendor: 'Bolt Logistics', number: 'BL-77', salt: 'mail' })),
        filename: 'bolt-invoice.pdf',
        subject: 'Invoice BL-77 for October',
        from: 'ap@bolt.example',
      },
    });
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(200);
    expect(mailed.body.jobId, JSON.stringify(mailed.body)).toBeTruthy();
    ids.mailed = mailed.body.jobId;
    await finished(mailed.body.jobId);
    page = await rig.pages.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, rig.liveKey);
  }, 360_000);

  afterAll(() => rig?.stop());

  it('lists, sorts, searches, filters, exports and deletes documents, the URL keeping the view', async () => {
    await go(page, 'Documents');
    await register().waitFor();
    const headers = await register().locator('thead th').allTextContents();
    expect(headers.slice(0, 11).map((h) => h.replace(/[▲▼]/g, '').trim())).toEqual([
      'File',
      'Source',
      'Extractor',
      'Type',
      'Vendor',
      'Number',
      'Date',
      'Total',
      'Lowest confidence',
      'Status',
      'Review',
    ]);
    const acme = register().locator('tr', { hasText: 'acme-october.pdf' });
    const acmeText = await acme.textContent();
    for (const text of ['upload', 'Invoices', 'invoice', 'Acme Tools GmbH', 'AC-3001', '2,400.00'])
      expect(acmeText).toContain(text);
    const mailedRow = await register().locator('tr', { hasText: 'Bolt Logistics' }).textContent();
    expect(mailedRow).toContain('email from ap@bolt.example');
    expect(mailedRow).toContain('Invoice BL-77 for October');
    // At 1366 px a sender's address breaks before its "@" if at all, never inside its domain, and
    // its title holds the whole address.
    const addresses = await page.evaluate<{ title: string; text: string; domainLines: number }[]>(`
      [...document.querySelectorAll('table.register .address')].map((a) => ({
        title: a.title,
        text: a.textContent,
        domainLines: a.querySelector('.domain').getClientRects().length,
      }))`);
    expect(addresses).toEqual([{ title: 'ap@bolt.example', text: 'ap@bolt.example', domainLines: 1 }]);
    await expectAccessible(page, 'register');
    await shot(page, 'register-1366');

    // A header click sorts by its column, ascending, then descending; the URL says so.
    await register()
      .getByRole('button', { name: /^Total/ })
      .click();
    await page.waitForURL(/sort=total$/);
    await eventually(
      'sorted by total, ascending',
      async () => (await fileCells().first().textContent()) === 'northwind.pdf',
    );
    expect(await register().locator('th[aria-sort=ascending]').textContent()).toContain('Total');
    await register()
      .getByRole('button', { name: /^Total/ })
      .click();
    await page.waitForURL(/sort=-total$/);
    await eventually(
      'sorted by total, descending',
      async () => (await fileCells().first().textContent()) === 'acme-october.pdf',
    );

    // One search finds the document by vendor and number; after a reload the search is still there.
    await page.getByRole('searchbox', { name: 'Search' }).fill('acme ac-30');
    await page.waitForURL(/q=acme\+ac-30/);
    await register().getByText('1 document;').waitFor();
    expect(await fileCells().allTextContents()).toEqual(['acme-october.pdf']);
    await page.reload();
    await register().getByText('1 document;').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('acme ac-30');
    expect(await fileCells().allTextContents()).toEqual(['acme-october.pdf']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.waitForURL((url) => !url.search.includes('q='));

    // The source filter: only the mailed one; Export CSV takes the same filters.
    await page.getByLabel('Source').selectOption('email');
    await page.waitForURL(/source=email/);
    await eventually(
      'only the mailed document',
      async () => JSON.stringify(await fileCells().allTextContents()) === JSON.stringify(['bolt-invoice.pdf']),
    );
    const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(exportHref).toContain('source=email');
    expect(exportHref).toContain('format=csv');
    const csv = await page.request.get(exportHref!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('bolt-invoice.pdf');
    await page.getByLabel('Source').selectOption('');
    await page.waitForURL((url) => !url.search.includes('source='));
    await register().getByText('4 documents;').waitFor();

    // Delete asks first: dismissed, nothing happens; accepted, the document is gone.
    // Destructive, and styled so.
    expect(await page.getByRole('button', { name: 'Delete northwind.pdf' }).getAttribute('class')).toBe('danger');
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Delete northwind.pdf' }).click();
    expect(await register().getByText('4 documents;').count()).toBe(1);
    expect((await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${ids.northwind}`, { key: rig.liveKey })).status).toBe(
      200,
    );
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete northwind.pdf' }).click();
    await register().getByText('3 documents;').waitFor();
    expect((await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${ids.northwind}`, { key: rig.liveKey })).status).toBe(
      404,
    );
  }, 120_000);

  it('names the extractor and the mail sender and subject on the job page, and offers Reprocess', async () => {
    await page.goto(`/documents/${ids.mailed}`);
    const facts = page.getByRole('region', { name: 'Job' });
    await facts.getByText('Invoices').waitFor();
    const text = await facts.textContent();
    expect(text).toContain('Fromap@bolt.example');
    expect(text).toContain('SubjectInvoice BL-77 for October');
    expect(text).not.toContain(ids.extractor);
    expect(text).not.toContain('"subject"');
    // Reprocess asks first, then either starts or says plainly that this daemon cannot.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Reprocess' }).click();
    // Started: the job is queued again, and the page says so while it waits.
    await page.getByRole('status').filter({ hasText: 'Reprocessing started.' }).waitFor();
    const job = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${ids.mailed}`, { key: rig.liveKey });
    expect(job.body.result_version).toBe(2);
    await expectAccessible(page, 'job page');
  });

  it('fills a date from clicked words, keeps the picture still, says why and drops the required error', async () => {
    await page.goto(`/documents/${ids.delivered}/review`);
    const reasons = page.getByRole('region', { name: 'Why it needs review' });
    await reasons.waitFor();
    expect(await reasons.textContent()).toMatch(/Invoice number.*required/);
    // Labels are the extractor's descriptions, not raw names.
    const labels = await page.locator('.review-field label').allTextContents();
    expect(labels.some((l) => l.startsWith('Payment due date'))).toBe(true);
    expect(labels.some((l) => l.startsWith('due_date'))).toBe(false);

    const words = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${ids.delivered}/pages/1/words`, {
      key: rig.liveKey,
    });
    type Word = { text: string; box: { x0: number; y0: number; x1: number; y1: number } };
    const all = words.body.words as Word[];
    const august = all.find((w) => w.text === 'August')!;
    expect(august, JSON.stringify(all.map((w) => w.text))).toBeDefined();
    const sameLine = all
      .filter(
        (w) => Math.abs(w.box.y0 - august.box.y0) < 3 && w.box.x0 >= august.box.x0 && w.box.x0 < august.box.x0 + 200,
      )
      .sort((a, b) => a.box.x0 - b.box.x0);
    expect(sameLine.map((w) => w.text).join(' ')).toMatch(/^August 3 ?, 2014$/);

    const due = page.locator('#review-due_date');
    await due.focus();
    const img = page.locator('.review-canvas img');
    const before = await laidOut(img);
    const status = page.locator('.review-status');
    for (const [i, w] of sameLine.entries()) {
      // A position inside the picture, from the word's box in page units.
      const x = before.x + ((w.box.x0 + w.box.x1) / 2 / words.body.page_width) * before.width;
      const y = before.y + ((w.box.y0 + w.box.y1) / 2 / words.body.page_height) * before.height;
      if (i > 0) await page.keyboard.down('Shift');
      await page.mouse.click(x, y);
      if (i > 0) await page.keyboard.up('Shift');
      // The first click loads the page's words; a loaded machine may take a while.
      let seen = '';
      await eventually(
        () => `"${w.text}" in the status line; the page said: ${seen}`,
        async () => {
          const hit = await page.evaluate<string>(
            `(() => { const e = document.elementFromPoint(${x}, ${y}); return [e && (e.tagName + '.' + e.className), document.activeElement && document.activeElement.id, innerWidth, innerHeight].join(' '); })()`,
          );
          seen = `${await status.textContent()} | ${await page.locator('.review-page').textContent()} | at ${x},${y}: ${hit}`;
          return (await status.textContent())?.includes(w.text);
        },
        { timeoutMs: 60_000 },
      );
    }
    await eventually('the date read from the words', async () => (await due.inputValue()) === '2014-08-03');
    // The status line had its place: the picture did not move under the pointer.
    expect((await img.boundingBox())!.y).toBe(before.y);

    // A required field filled in loses its "required" error at once.
    const number = page.locator('#review-invoice_number');
    expect(await page.locator('#review-invoice_number-errors').textContent()).toContain('required');
    await number.fill('HS-1');
    expect(await page.locator('#review-invoice_number-errors').count()).toBe(0);
    await expectAccessible(page, 'review');

    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/fields'));
    await number.press('Control+Enter');
    expect((await saved).status()).toBeLessThan(300);
    const job = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${ids.delivered}`, { key: rig.liveKey });
    expect(job.body.extracted_data.due_date).toBe('2014-08-03');
    expect(job.body.extracted_data.invoice_number).toBe('HS-1');
  }, 240_000);

  it('counts documents to review on the overview and builds swaks from the SMTP port in use', async () => {
    const queue = await api(rig.daemon.httpUrl, 'GET', '/v1/documents?status=completed&needs_review=true&limit=1', {
      key: rig.liveKey,
    });
    const items = await api(rig.daemon.httpUrl, 'GET', '/api/email-ingestion/review?status=pending', {
      key: rig.liveKey,
    });
    expect(queue.status).toBe(200);
    await page.goto('/');
    const pending = page.getByRole('region', { name: 'Pending reviews' });
    await pending.getByText('to review').waitFor();
    const itemCount = (items.body.total as number | undefined) ?? 0;
    expect(await pending.locator('.big').textContent()).toBe(String(queue.body.total + itemCount));
    expect(await pending.textContent()).toContain(
      `${queue.body.total === 1 ? '1 document' : `${queue.body.total} documents`} to review`,
    );

    // The session names the SMTP address; the command uses it, and a mail server answers there.
    const session = (await (await page.request.get('/session')).json()) as {
      org_id: string;
      smtp: { host: string; port: number; domain: string };
    };
    await page.goto('/credits');
    expect(await page.getByLabel('Add credits with the CLI').textContent()).toContain(`--org ${session.org_id} `);
    expect(session.smtp.port).toBeGreaterThan(0);
    const banner = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(session.smtp.port, '127.0.0.1');
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString());
      });
      socket.once('error', reject);
    });
    expect(banner).toMatch(/^220 /);
    await page.goto('/email');
    const swaks = await page.getByLabel('Mail a document with swaks').textContent();
    // The shared daemon listens on 127.0.0.1 (test/support/processes.ts), on a port chosen at start.
    expect(swaks).toContain(`--server ${session.smtp.host}:${session.smtp.port} `);
    expect(swaks).toContain(`--to ${PREFIX}@${session.smtp.domain} `);
    expect(swaks).not.toContain(':2525');
  });

  it('fits 390 and 1366 px on every screen, with a menu on the phone and the review page above its fields', async () => {
    const screens: [string, string | RegExp][] = [
      ['/', 'Overview'],
      ['/documents', 'Documents'],
      [`/documents/${ids.acme}`, `Document ${ids.acme}`],
      [`/documents/${ids.acme}/review`, `Review ${ids.acme}`],
      ['/review', 'Documents to review'],
      ['/extractors', 'Extractors'],
      ['/webhooks', 'Webhooks'],
      ['/email', 'Email'],
      ['/email/messages', 'Email'],
      ['/email/review', 'Email'],
      [`/email/prefixes/${PREFIX}`, new RegExp(PREFIX)],
      ['/erp', 'Accounting (ERP)'],
      ['/api-keys', 'API keys'],
      ['/credits', 'Credits'],
    ];
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [path, heading] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page, path);
      }
    }

    // The phone: the sidebar is behind the menu button, which opens it; a screen chosen closes it.
    const menu = page.getByRole('button', { name: 'Menu' });
    const sidebar = page.getByRole('navigation', { name: 'Screens' });
    expect(await menu.isVisible()).toBe(true);
    expect(await sidebar.isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await go(page, 'Documents');
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    expect(await sidebar.isVisible()).toBe(false);
    await register().waitFor();
    await expectAccessible(page, 'register at 390 px');
    await shot(page, 'register-390');

    await page.goto('/');
    await page.getByRole('region', { name: 'Pending reviews' }).waitFor();
    await shot(page, 'overview-390');

    // The review screen stacks the page above the fields; the focused field's box is in the page's frame.
    await page.goto(`/documents/${ids.acme}/review`);
    const frame = page.locator('.review-viewport');
    await frame.waitFor();
    await laidOut(page.locator('.review-canvas img'));
    const acme = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${ids.acme}`, { key: rig.liveKey });
    const locations = acme.body.field_locations as Record<string, { page?: number; box?: unknown }>;
    // The field lowest on the page that has a box: the frame must scroll to it.
    const boxed = Object.entries(locations)
      .filter(([name, l]) => l.box && l.page === 1 && typeof acme.body.extracted_data[name] !== 'object')
      .sort(([, a], [, b]) => (b.box as { y0: number }).y0 - (a.box as { y0: number }).y0)[0]![0];
    const total = page.locator(`#review-${boxed}`);
    await total.focus();
    const box = page.locator('.field-box');
    await box.waitFor();
    const [frameBox, fieldBox, input] = [await frame.boundingBox(), await box.boundingBox(), await total.boundingBox()];
    expect(fieldBox!.y).toBeGreaterThanOrEqual(frameBox!.y - 1);
    expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(frameBox!.y + frameBox!.height + 1);
    expect(frameBox!.y + frameBox!.height).toBeLessThanOrEqual(input!.y + 1);
    await expectAccessible(page, 'review at 390 px');
    // The window, as the phone shows it: the whole page would show a hole above the stuck page.
    await shot(page, 'review-390', { window: true });

    // The desktop keeps its sidebar and has no menu button.
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(await menu.isVisible()).toBe(false);
    expect(await sidebar.isVisible()).toBe(true);
    await shot(page, 'review-1366');
    await page.goto('/');
    await page.getByRole('region', { name: 'Pending reviews' }).waitFor();
    await shot(page, 'overview-1366');
  }, 240_000);
});
