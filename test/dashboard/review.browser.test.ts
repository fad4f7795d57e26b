/**
 * The review screen in Chromium against a real `intake start` on PGlite: an invoice whose number
 * stands under a label no rule knows ("Beleg-Kennung") comes back wrong; the reviewer sees a
 * field's box drawn on the page, corrects the number with the keyboard only, saves and lands on
 * the next document of the review queue, where a value the API refuses is shown on its field, and
 * rejects that one by keyboard. The project's HTTPS receiver gets both `job.corrected` events,
 * validly signed; the vendor's next document comes back right, `learned: true`. The correction
 * is in the job page's history; the queue screen is reached from the sidebar. Keystrokes are counted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { api, removeTempDirs } from '../support/processes.js';
import { TEST_CERT_FILE } from '../support/test-cert.js';
import { startReceiver, stopAllReceivers, waitFor, type Receiver } from '../webhooks/receiver.js';
import { startDashboardRig, type DashboardRig } from './daemon.js';
import { expectAccessible, expectDestructiveLooksDestructive, go, shot, signIn } from './pages.js';
import { eventually } from '../support/wait.js';

let rig: DashboardRig;
let extractorId: string;
let receiver: Receiver;
let certDir: string;

async function vendorInvoice(number: string): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const line = (text: string, x: number, y: number, size = 11) => page.drawText(text, { x, y, size, font });
  line('Kessler Feinmechanik GmbH', 50, 780, 16);
  line('Industriestrasse 4, 70565 Stuttgart', 50, 762);
  line('USt-IdNr: DE 811 907 980', 50, 746);
  line('Beleg-Kennung', 380, 740);
  line(number, 470, 740);
  line('Datum: 14.03.2026', 380, 724);
  line('Gesamtbetrag EUR 1.190,00', 380, 520);
  return base64(await pdf.save());
}

/** Submits a document with the live key and waits for its job to complete. */
async function extract(document: string): Promise<{ id: string; [member: string]: unknown }> {
  const submitted = await api(rig.daemon.httpUrl, 'POST', '/v1/documents', {
    key: rig.liveKey,
    body: { extractor_id: extractorId, document, mime_type: 'application/pdf' },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
  let job = submitted;
  return eventually(
    () => `the job completed: ${JSON.stringify(job.body)}`,
    async () => {
      job = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${submitted.body.id}`, { key: rig.liveKey });
      if (job.body.status === 'failed') throw new Error(`the job failed: ${JSON.stringify(job.body)}`);
      return job.body.status === 'completed' && job.body;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

/** Presses keys on the page, counting each press. */
function keyboard(page: Page) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async press(key: string) {
      count++;
      await page.keyboard.press(key);
    },
    async type(text: string) {
      for (const ch of text) await this.press(ch);
    },
  };
}

/** The id of the focused element (a string expression: the tests' TypeScript has no DOM types). */
const focusedId = (page: Page) => page.evaluate<string>("document.activeElement?.id ?? ''");

describe('dashboard review screen in Chromium', () => {
  beforeAll(async () => {
    rig = await startDashboardRig('review', { WEBHOOK_CA_FILE: TEST_CERT_FILE });
    // The project's HTTPS receiver checks each delivery's signature with the endpoint's secret.
    const endpoint = await api(rig.daemon.httpUrl, 'POST', '/v1/webhooks/endpoints', {
      key: rig.liveKey,
      body: { url: 'https://127.0.0.1:1/hook', events: ['job.corrected'] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-review-hooks-'));
    receiver = await startReceiver({ secret: endpoint.body.secret, certDir });
    const moved = await api(rig.daemon.httpUrl, 'PATCH', `/v1/webhooks/endpoints/${endpoint.body.id}`, {
      key: rig.liveKey,
      body: { url: receiver.url },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const extractor = await api(rig.daemon.httpUrl, 'POST', '/v1/extractors', {
      key: rig.liveKey,
      body: invoiceExtractor(),
    });
    expect(extractor.status, JSON.stringify(extractor.body)).toBe(201);
    extractorId = extractor.body.id;
  }, 360_000);

  afterAll(async () => {
    await rig?.stop();
    await stopAllReceivers();
    if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
    await removeTempDirs();
  });

  /** The job.corrected deliveries the receiver got for a job, in order. */
  const correctedEvents = async (jobId: string) =>
    (await receiver.log()).filter(
      (r) => r.headers['x-service-event'] === 'job.corrected' && r.json?.data?.id === jobId,
    );

  it('draws a field box, corrects a field with the keyboard, saves and opens the next job; the history shows it', async () => {
    const first = await extract(await vendorInvoice('BK-7781'));
    const second = await extract(await vendorInvoice('BK-9002'));
    const data = first.extracted_data as Record<string, unknown>;
    expect(data.invoice_number).not.toBe('BK-7781');
    expect(first.needs_review).toBe(true);
    expect(second.needs_review).toBe(true);
    const locations = first.field_locations as Record<string, { page?: number; box?: unknown }>;
    const boxed = Object.keys(locations).find((name) => locations[name]?.box && locations[name]?.page === 1);
    expect(boxed, JSON.stringify(locations)).toBeDefined();

    const page = await rig.pages.newPage();
    await signIn(page, rig.liveKey);
    // The queue, from the sidebar: both documents, newest first.
    await go(page, 'Documents to review');
    const queued = page.getByRole('table').getByRole('link', { name: /^Review job_/ });
    await queued.first().waitFor();
    expect(await queued.allTextContents()).toEqual([`Review ${second.id}`, `Review ${first.id}`]);
    await expectAccessible(page, 'review queue');
    await shot(page, 'review-queue');
    await page.getByRole('link', { name: `Review ${first.id}` }).click();
    await page.getByRole('heading', { level: 1, name: `Review ${first.id}` }).waitFor();
    const image = page.getByRole('img', { name: `Page 1 of document ${first.id}` });
    await image.waitFor();
    await expect
      .poll(() => page.evaluate<number>("document.querySelector('.review-canvas img')?.naturalWidth ?? 0"), {
        // Drawing the page the first time takes a while on a loaded machine.
        timeout: 60_000,
      })
      .toBeGreaterThan(0);

    // Hovering a field that was read from the page draws its box over the picture, inside it.
    await page.locator('.review-field', { has: page.locator(`#review-${boxed}`) }).hover();
    const outline = page.locator('.field-box');
    await outline.waitFor({ state: 'visible' });
    const box = (await outline.boundingBox())!;
    const img = (await image.boundingBox())!;
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThan(0);
    expect(box.x).toBeGreaterThanOrEqual(img.x);
    expect(box.y).toBeGreaterThanOrEqual(img.y);
    expect(box.x + box.width).toBeLessThanOrEqual(img.x + img.width + 1);
    expect(box.y + box.height).toBeLessThanOrEqual(img.y + img.height + 1);
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'review');
    await shot(page, 'review');

    // Keyboard only from here: the focus starts on the first field that needs attention.
    const keys = keyboard(page);
    for (let i = 0; (await focusedId(page)) !== 'review-invoice_number'; i++) {
      if (i > 20) throw new Error(`never reached invoice_number; focus on ${await focusedId(page)}`);
      await keys.press('Enter');
    }
    await keys.press('Control+A');
    await keys.type('BK-7781');
    await keys.press('Control+Enter');

    // Save and next: the other job of the review queue opens.
    await page.getByRole('heading', { level: 1, name: `Review ${second.id}` }).waitFor();
    process.stderr.write(`review: ${keys.count} keystrokes to correct one field and save (document ${first.id})\n`);
    expect(keys.count).toBeLessThan(20);

    const corrected = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${first.id}`, { key: rig.liveKey });
    expect(corrected.body.extracted_data.invoice_number).toBe('BK-7781');
    expect(corrected.body.field_locations.invoice_number).toMatchObject({ corrected: true });
    expect(corrected.body.needs_review).toBe(false);
    expect(corrected.body.review_outcome).toBe('confirmed');

    // The receiver got job.corrected for it, signed with the endpoint's secret.
    const [event] = await waitFor(
      'the job.corrected delivery',
      async () => {
        const got = await correctedEvents(first.id);
        return got.length > 0 && got;
      },
      120_000,
    );
    expect(event!.signature_ok, event!.reason).toBe(true);
    expect(event!.json.data.extracted_data.invoice_number).toBe('BK-7781');
    expect(event!.json.data.corrections).toContainEqual(
      expect.objectContaining({ field: 'invoice_number', kind: 'corrected', new_value: 'BK-7781' }),
    );

    // On the next job, a value the API refuses (the pattern wants capitals) is shown on its field.
    const input = page.locator('#review-invoice_number');
    await input.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('bk 9002');
    // The field may already show the job's own error (the number was not found): wait for the answer.
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/v1/documents/${second.id}/fields`),
    );
    await page.keyboard.press('Control+Enter');
    expect((await refused).status()).toBe(400);
    await expect.poll(() => page.locator('#review-invoice_number-errors').textContent()).toMatch(/pattern|match/i);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    const untouched = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${second.id}/corrections`, {
      key: rig.liveKey,
    });
    expect(untouched.body.corrections).toEqual([]);
    // The job page links its review too; its focus starts on the field needing attention.
    await page.goto(`/documents/${second.id}`);
    await page.getByRole('link', { name: 'Review the fields' }).click();
    await page.getByRole('heading', { level: 1, name: `Review ${second.id}` }).waitFor();
    // The heading is there while the job loads too: wait for its fields before asking for the focus.
    await page.locator('#review-invoice_number').waitFor();
    await expect.poll(() => focusedId(page)).toBe('review-invoice_number');

    // Reject it by keyboard: Ctrl+Shift+Enter asks for a reason, Enter rejects. The queue is then
    // empty, so its screen opens.
    const rejectKeys = keyboard(page);
    await rejectKeys.press('Control+Shift+Enter');
    await page.getByRole('form', { name: 'Reject the document' }).waitFor();
    await expect.poll(() => focusedId(page)).toBe('reject-reason');
    await expectAccessible(page, 'review with the reject box');
    await shot(page, 'review-reject');
    await rejectKeys.type('Duplicate');
    await rejectKeys.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Documents to review' }).waitFor();
    await page.getByRole('region', { name: 'Nothing to review' }).waitFor();
    process.stderr.write(`review: ${rejectKeys.count} keystrokes to reject a document with a reason (${second.id})\n`);
    const rejected = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${second.id}`, { key: rig.liveKey });
    expect(rejected.body).toMatchObject({ needs_review: false, review_outcome: 'rejected' });
    expect(rejected.body.extracted_data).toEqual(second.extracted_data);
    const [rejectEvent] = await waitFor(
      'the rejection delivery',
      async () => {
        const got = await correctedEvents(second.id);
        return got.length > 0 && got;
      },
      120_000,
    );
    expect(rejectEvent!.signature_ok, rejectEvent!.reason).toBe(true);
    expect(rejectEvent!.json.data).toMatchObject({
      review_outcome: 'rejected',
      corrections: [{ field: null, kind: 'rejected', new_value: 'Duplicate' }],
    });

    // The vendor's next document, after the correction, reads the number where the person found it.
    const later = await extract(await vendorInvoice('BK-8120'));
    expect((later.extracted_data as Record<string, unknown>).invoice_number).toBe('BK-8120');
    const learnedAt = (later.field_locations as Record<string, { learned?: boolean }>).invoice_number;
    expect(learnedAt, JSON.stringify(later.field_locations)).toMatchObject({ learned: true });

    // The queue screen, from the sidebar, lists it when it still needs review.
    await go(page, 'Documents to review');
    await page.getByRole('heading', { level: 1, name: 'Documents to review' }).waitFor();
    if (later.needs_review) await page.getByRole('link', { name: `Review ${later.id}` }).waitFor();
    else await page.getByRole('region', { name: 'Nothing to review' }).waitFor();
    await expectAccessible(page, 'empty review queue');

    // The first job's page lists the correction (and the confirmations of the other fields).
    await page.goto(`/documents/${first.id}`);
    const history = page.getByRole('region', { name: 'Corrections' });
    const row = history.getByRole('row', { name: /invoice_number/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('corrected');
    expect(await row.textContent()).toContain('BK-7781');
    expect(await row.textContent()).toContain(`user_`);
    await expectAccessible(page, 'document page with corrections');
    await page.goto(`/documents/${second.id}`);
    const rejection = page.getByRole('region', { name: 'Corrections' }).getByRole('row', { name: /whole document/ });
    await rejection.waitFor();
    expect(await rejection.textContent()).toContain('rejected');
    expect(await rejection.textContent()).toContain('Duplicate');
  }, 240_000);

  it('edits line items in a grid by keyboard: a cell the API refuses shows its error, rows added and removed', async () => {
    const job = await extract(base64(await makeInvoicePdf({ salt: 'grid' })));
    const items = (job.extracted_data as { line_items?: { description: string; amount: number }[] }).line_items ?? [];
    const page = await rig.pages.newPage();
    await signIn(page, rig.liveKey);
    await page.goto(`/documents/${job.id}/review`);
    await page.getByRole('heading', { level: 1, name: `Review ${job.id}` }).waitFor();
    const cell = (row: number, member: string) => page.getByLabel(`line_items row ${row} ${member}`, { exact: true });
    await page.getByRole('button', { name: 'Add a row to line_items' }).waitFor();
    expect(await page.locator('.review-grid tbody tr').count()).toBe(items.length);
    if (items.length) expect(await cell(1, 'amount').inputValue()).toBe(String(items[0]!.amount));

    // Zoom and rotation: the picture grows by half, then lies on its side.
    const image = page.getByRole('img', { name: `Page 1 of document ${job.id}` });
    await expect
      .poll(() => page.evaluate<number>("document.querySelector('.review-canvas img')?.naturalWidth ?? 0"), {
        // Drawing the page the first time takes a while on a loaded machine.
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const plain = (await image.boundingBox())!;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => Math.round(((await image.boundingBox())!.width / plain.width) * 10)).toBe(15);
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await expect
      .poll(async () => {
        const b = (await image.boundingBox())!;
        return b.width > b.height;
      })
      .toBe(true);
    await shot(page, 'review-rotated');
    await expectAccessible(page, 'review, zoomed and rotated');
    await page.getByRole('button', { name: 'Rotate left' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(async () => Math.round((await image.boundingBox())!.width)).toBe(Math.round(plain.width));

    // Clicking a word offers it to the focused field; Shift+click adds the next one.
    const read = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${job.id}/pages/1/words`, { key: rig.liveKey });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const at = async (text: string) => {
      const w = (read.body.words as { text: string; box: { x0: number; y0: number; x1: number; y1: number } }[]).find(
        (x) => x.text === text,
      )!;
      const b = (await image.boundingBox())!;
      return {
        x: b.x + ((w.box.x0 + w.box.x1) / 2 / read.body.page_width) * b.width,
        y: b.y + ((w.box.y0 + w.box.y1) / 2 / read.body.page_height) * b.height,
      };
    };
    await page.locator('#review-vendor_name').focus();
    const northwind = await at('Northwind');
    await page.mouse.click(northwind.x, northwind.y);
    await expect.poll(() => page.locator('#review-vendor_name').inputValue()).toBe('Northwind');
    expect(await focusedId(page)).toBe('review-vendor_name');
    const traders = await at('Traders');
    await page.keyboard.down('Shift');
    await page.mouse.click(traders.x, traders.y);
    await page.keyboard.up('Shift');
    await expect.poll(() => page.locator('#review-vendor_name').inputValue()).toBe('Northwind Traders');

    // A new row by keyboard: focus the button, Enter; the new row's first cell takes the focus.
    const n = items.length + 1;
    await page.getByRole('button', { name: 'Add a row to line_items' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe(`review-line_items-${n - 1}-description`);
    await page.keyboard.type('Travel');
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe(`review-line_items-${n - 1}-amount`);
    await page.keyboard.type('12 EUR');
    if (n > 1) {
      // Up and Down move between rows in a column.
      await page.keyboard.press('ArrowUp');
      expect(await focusedId(page)).toBe(`review-line_items-${n - 2}-amount`);
      await page.keyboard.press('ArrowDown');
    }
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/v1/documents/${job.id}/fields`),
    );
    await page.keyboard.press('Control+Enter');
    expect((await refused).status()).toBe(400);
    const amount = cell(n, 'amount');
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#review-line_items-${n - 1}-amount-errors`).textContent()).toMatch(/number/);
    await expectAccessible(page, 'review grid with a refused cell');
    await shot(page, 'review-grid');

    // Another row, removed again with its button; the amount fixed; saved.
    await page.getByRole('button', { name: 'Add a row to line_items' }).click();
    // Removing a row and rejecting the document are destructive, and look it.
    expect(await expectDestructiveLooksDestructive(page, 'review grid')).toEqual(
      expect.arrayContaining([`Remove row ${n + 1}`, 'Reject… (Ctrl+Shift+Enter)']),
    );
    // On a phone each line item is a card: its cells stacked under their names, Remove in full view
    // inside the grid, which does not scroll sideways; focused, Remove is not under the sticky page.
    await page.setViewportSize({ width: 390, height: 844 });
    const remove = page.getByRole('button', { name: `Remove row ${n + 1}` });
    await remove.focus();
    await expect
      .poll(() =>
        page.evaluate<boolean>(`(() => {
          const b = document.activeElement.getBoundingClientRect();
          return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2) === document.activeElement;
        })()`),
      )
      .toBe(true);
    const [grid, button, first, second] = [
      await page.locator('.review-grid').boundingBox(),
      await remove.boundingBox(),
      await cell(n + 1, 'description').boundingBox(),
      await cell(n + 1, 'amount').boundingBox(),
    ];
    expect(button!.x).toBeGreaterThanOrEqual(grid!.x);
    expect(button!.x + button!.width).toBeLessThanOrEqual(grid!.x + grid!.width);
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
    expect(
      await page.evaluate<boolean>(
        "[...document.querySelectorAll('.review-grid, .review-grid table')].every((e) => e.scrollWidth <= e.clientWidth)",
      ),
    ).toBe(true);
    await shot(page, 'review-grid-390', { window: true });
    // Back to the context's default window for the rest.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: `Remove row ${n + 1}` }).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('.review-grid tbody tr').count()).toBe(n);
    await amount.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12.5');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/v1/documents/${job.id}/fields`),
    );
    await page.keyboard.press('Control+Enter');
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    const after = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${job.id}`, { key: rig.liveKey });
    expect(after.body.extracted_data.line_items).toEqual([...items, { description: 'Travel', amount: 12.5 }]);
    expect(after.body.review_outcome).toBe('confirmed');
    // The picked words' box went with the new vendor name.
    expect(after.body.extracted_data.vendor_name).toBe('Northwind Traders');
    expect(after.body.field_locations.vendor_name).toMatchObject({ source: 'correction', page: 1, corrected: true });
    expect(after.body.field_locations.vendor_name.box.x1).toBeGreaterThan(
      after.body.field_locations.vendor_name.box.x0,
    );
  }, 240_000);
});
