/**
 * The dashboard's Email screen in Chromium against a real `intake start` on PGlite: a prefix created
 * and edited through every kind of setting (the API's errors shown on the field), a document tested
 * on it, the received message with its attachment's fate, and the review queue (preview, resolve).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, removeTempDirs } from '../support/processes.js';
import { startDashboardRig, type DashboardRig } from './daemon.js';
import { expectAccessible, expectDestructiveLooksDestructive, go, shot, signIn } from './pages.js';
import { eventually } from '../support/wait.js';

let rig: DashboardRig;
let page: Page;

/** The control of the field for a request-body path (forms mark each field with its path). */
const control = (path: string) => page.locator(`[data-path="${path}"]`).locator('input, select').first();
const errorsOf = (path: string) => page.locator(`[data-path="${path}"] > .field-error`);

const getConfig = async (prefix: string) => {
  const res = await api(rig.daemon.httpUrl, 'GET', `/api/email-ingestion/config/${prefix}`, { key: rig.liveKey });
  expect(res.status).toBe(200);
  return res.body;
};

/** A document no classifier recognises (meeting notes): below every threshold, so it waits for a person. */
async function notesPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  ['Team notes, Tuesday', 'Lunch moved to the garden.', 'Bring umbrellas if it rains.'].forEach((text, i) =>
    page.drawText(text, { x: 50, y: 780 - i * 20, size: 12, font }),
  );
  return Buffer.from(await pdf.save());
}

describe('dashboard Email screen in Chromium', () => {
  beforeAll(async () => {
    rig = await startDashboardRig('dashboard-email', { TEST_EXTRACTION_WAIT_MS: '0' });
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
    page = await rig.pages.newPage();
    await signIn(page, rig.liveKey);
  }, 300_000);

  afterAll(async () => {
    await rig?.stop();
    await removeTempDirs();
  });

  it("creates a prefix with thresholds, an override, a routing rule and duplicate settings; the API's error is shown on its field", async () => {
    await go(page, 'Email');
    await page.getByText('No prefixes yet').waitFor();
    expect(await page.getByLabel('Create a prefix with curl').textContent()).toContain('/api/email-ingestion/config');
    await expectAccessible(page, 'email (empty)');
    await shot(page, '20-email-empty');

    await page.getByRole('button', { name: 'New prefix' }).click();
    await page.getByRole('heading', { level: 1, name: 'New prefix' }).waitFor();
    await control('emailPrefix').fill('AP');
    await control('confidenceThresholds.autoProcess').fill('0.6');
    await control('confidenceThresholds.reviewFlag').fill('0.8');
    await page.getByRole('button', { name: 'Create prefix' }).click();
    // What the API answers for such thresholds, shown under the field it names.
    const refused = await api(rig.daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
      key: rig.liveKey,
      body: {
        emailPrefix: 'ap',
        defaultDocumentType: 'invoice',
        confidenceThresholds: { autoProcess: 0.6, reviewFlag: 0.8 },
      },
    });
    expect(refused.status).toBe(400);
    const detail = (refused.body.error.details as { path: string; message: string }[]).find(
      (d) => d.path === 'confidenceThresholds.reviewFlag',
    )!;
    await errorsOf('confidenceThresholds.reviewFlag').getByText(detail.message).waitFor();
    expect(await control('confidenceThresholds.reviewFlag').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').textContent()).toContain(refused.body.error.message);
    await expectAccessible(page, 'new prefix (refused)');
    await shot(page, '21-email-prefix-refused');

    // Every classification below 1 goes to a person: the review queue gets the test document below.
    for (const key of ['autoProcess', 'reviewFlag', 'humanReview'])
      await control(`confidenceThresholds.${key}`).fill('1');
    await page.getByRole('button', { name: 'Add an override' }).click();
    await control('classificationOverrides.0.condition.senderDomain').fill('receipts.example');
    await control('classificationOverrides.0.documentType').fill('receipt');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await control('routingRules.0.condition.type').selectOption('extracted_amount');
    await control('routingRules.0.condition.operator').selectOption('greater_than');
    await control('routingRules.0.condition.value').fill('1000');
    await control('routingRules.0.action.priority').selectOption('high');
    await control('routingRules.0.action.requiresApproval').selectOption('yes');
    await control('routingRules.0.action.approvers').fill('cfo@example.com, controller@example.com');
    await control('duplicateDetection.matchFields').fill('invoice_number');
    await control('duplicateDetection.lookbackHours').fill('48');
    await control('duplicateDetection.action').selectOption('reject');
    await control('internalNotifications.recipients').fill('ap-team@example.com');
    await page.getByRole('checkbox', { name: 'human_review_needed' }).check();
    await page.getByRole('button', { name: 'Create prefix' }).click();
    await page.getByRole('heading', { level: 1, name: 'Prefix ap' }).waitFor();

    const stored = await getConfig('ap');
    expect(stored.confidenceThresholds).toEqual({ autoProcess: 1, reviewFlag: 1, humanReview: 1 });
    expect(stored.classificationOverrides).toEqual([
      { condition: { senderDomain: 'receipts.example' }, documentType: 'receipt' },
    ]);
    expect(stored.routingRules).toEqual([
      {
        condition: { type: 'extracted_amount', operator: 'greater_than', value: 1000 },
        action: { priority: 'high', requiresApproval: true, approvers: ['cfo@example.com', 'controller@example.com'] },
      },
    ]);
    expect(stored.duplicateDetection).toEqual({
      enabled: true,
      matchFields: ['invoice_number'],
      lookbackHours: 48,
      action: 'reject',
    });
    expect(stored.internalNotifications).toMatchObject({
      recipients: ['ap-team@example.com'],
      events: ['human_review_needed'],
    });
  });

  it('edits the prefix: a bad routing pattern is refused on its field, then the fixed rules and duplicates are saved as a merge patch', async () => {
    await control('routingRules.0.condition.type').selectOption('subject_matches');
    await control('routingRules.0.condition.pattern').fill('([');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await errorsOf('routingRules.0.condition.pattern')
      .getByText(/pattern does not compile/)
      .waitFor();
    await expectAccessible(page, 'prefix (refused)');

    await control('routingRules.0.condition.pattern').fill('^Invoice');
    // A list's Remove is destructive and looks it, as the prefix's Delete does.
    expect(await expectDestructiveLooksDestructive(page, 'prefix')).toEqual(
      expect.arrayContaining(['Remove override 1', 'Delete prefix ap']),
    );
    await page.getByRole('button', { name: 'Remove override 1' }).click();
    await control('duplicateDetection.action').selectOption('process');
    await page.getByRole('checkbox', { name: "Send this prefix's events to a URL" }).check();
    await control('webhooks.url').fill('https://hooks.example/intake');
    await control('webhooks.secret').fill('s3cret');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await page.locator('.field-error').count()).toBe(0);

    const stored = await getConfig('ap');
    expect(stored.routingRules[0].condition).toEqual({ type: 'subject_matches', pattern: '^Invoice' });
    expect(stored.routingRules[0].action.approvers).toEqual(['cfo@example.com', 'controller@example.com']);
    expect(stored.classificationOverrides).toEqual([]);
    expect(stored.duplicateDetection.action).toBe('process');
    expect(stored.webhooks).toEqual({
      url: 'https://hooks.example/intake',
      secret: 's3cret',
      events: ['email.received'],
    });

    // Turning the webhook off again removes it (null in the patch): the stored configuration has none.
    await page.getByRole('checkbox', { name: "Send this prefix's events to a URL" }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await eventually('the webhook removed', async () => (await getConfig('ap')).webhooks === undefined, {
      intervalMs: 100,
    });
    await expectAccessible(page, 'prefix');
    await shot(page, '22-email-prefix');
  });

  it('tests a document on the prefix: it waits for review, the received message says so, and the review queue previews and resolves it', async () => {
    const pdf = await notesPdf();
    const test = page.getByRole('region', { name: 'Test a document' });
    await test
      .getByLabel('Document (PDF or image)')
      .setInputFiles({ name: 'tuesday-notes.pdf', mimeType: 'application/pdf', buffer: pdf });
    await test.getByLabel('Subject (optional)').fill('Notes from Tuesday');
    await test.getByLabel('From (optional)').fill('billing@vendor.example');
    await test.getByRole('button', { name: 'Test the document' }).click();
    const result = test.locator('.test-result');
    await result.or(test.getByRole('alert')).waitFor({ timeout: 60_000 });
    expect(await result.textContent(), (await test.textContent()) ?? '').toContain('awaiting_review');
    const reviewLink = result.getByRole('link', { name: /^rev_\S+ in the review queue$/ });
    const reviewId = /rev_\S+/.exec((await reviewLink.textContent())!)![0];
    await expectAccessible(page, 'prefix with a test result');
    await shot(page, '23-email-test-document');

    await page.getByRole('link', { name: '← Email' }).click();
    await page
      .getByRole('navigation', { name: 'Email sections' })
      .getByRole('link', { name: 'Received messages' })
      .click();
    const row = page.getByRole('row', { name: /Notes from Tuesday/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('tuesday-notes.pdf');
    expect(await row.textContent()).toContain('awaiting_review');
    expect(await row.textContent()).toContain('billing@vendor.example');
    await expectAccessible(page, 'received messages');
    await shot(page, '24-email-messages');

    await row
      .getByRole('link', { name: /in the review queue/ })
      .first()
      .click();
    const card = page.getByRole('region', { name: 'Review tuesday-notes.pdf' });
    await card.waitFor();
    expect(await card.getAttribute('data-review-id')).toBe(reviewId);
    expect(await card.textContent()).toContain('Notes from Tuesday');
    expect(await card.getByLabel('Document type').inputValue()).toBe('invoice');
    // The preview is the attachment itself, through the review item's document route.
    const framed = page.waitForResponse((r) => r.url().endsWith(`/api/email-ingestion/review/${reviewId}/document`));
    await card.getByRole('button', { name: 'Preview the document' }).click();
    const response = await framed;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const direct = await fetch(`${rig.daemon.httpUrl}/api/email-ingestion/review/${reviewId}/document`, {
      headers: { authorization: `Bearer ${rig.liveKey}` },
    });
    const bytes = Buffer.from(await direct.arrayBuffer());
    expect(bytes.length, bytes.subarray(0, 200).toString('latin1')).toBe(pdf.length);
    expect(Buffer.compare(bytes, pdf)).toBe(0);
    await expectAccessible(page, 'review queue');
    await shot(page, '25-email-review');

    // Chromium's PDF viewer in the preview frame can hold the page's events while it loads on a busy
    // machine: close the preview (already checked above) before typing.
    await card.getByRole('button', { name: 'Hide the document' }).click();
    await card.locator('iframe').waitFor({ state: 'detached' });

    // The type is chosen from the known ones (and the extractors' own), not typed.
    expect(await card.getByRole('combobox', { name: 'Document type' }).count()).toBe(1);
    const choices = await card.getByLabel('Document type').locator('option').allTextContents();
    expect(choices).toEqual(expect.arrayContaining(['invoice', 'receipt', 'purchase_order']));
    // A type without an extractor: the API refuses and says so on the field.
    await card.getByLabel('Document type').selectOption('purchase_order');
    await expect.poll(() => card.getByLabel('Document type').inputValue()).toBe('purchase_order');
    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/email-ingestion/review/${reviewId}/resolve`));
    await card.getByRole('button', { name: 'Process as this type' }).click();
    expect((await refused).status()).toBe(400);
    await card.locator('.field-error').getByText('has no active extractor').waitFor();
    await card.getByLabel('Document type').selectOption('invoice');
    await card.getByRole('button', { name: 'Process as this type' }).click();
    await page.getByText('No pending items.').waitFor();
    const resolved = await api(rig.daemon.httpUrl, 'GET', '/api/email-ingestion/review?status=resolved', {
      key: rig.liveKey,
    });
    expect(resolved.body.items).toHaveLength(1);
    expect(resolved.body.items[0]).toMatchObject({ id: reviewId, status: 'resolved', resolved_type: 'invoice' });
    expect(resolved.body.items[0].job_id).toMatch(/^job_/);

    await page.getByLabel('Show').selectOption('resolved');
    const done = page.getByRole('region', { name: 'Review tuesday-notes.pdf' });
    await done.getByRole('link', { name: resolved.body.items[0].job_id }).waitFor();
    expect(await done.textContent()).toContain('processed as invoice');
    expect((page as Page & { cspViolations: string[] }).cspViolations).toEqual([]);
  }, 120_000);

  it('a read-only key reads the Email screen with every write action disabled, and the reason', async () => {
    const ro = await api(rig.daemon.httpUrl, 'POST', '/v1/api-keys', {
      key: rig.liveKey,
      body: { name: 'email reader', environment: 'live', scopes: ['email_ingestion:read', 'documents:read'] },
    });
    expect(ro.status).toBe(201);
    const reader = await rig.pages.newPage();
    await signIn(reader, ro.body.key);
    await go(reader, 'Email');
    await reader.getByRole('link', { name: 'ap', exact: true }).click();
    const save = reader.getByRole('button', { name: 'Save changes' });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await save.getAttribute('aria-describedby')).toBe('email-why');
    expect(await reader.locator('#email-why').textContent()).toContain('email_ingestion:write');
    expect(await reader.getByRole('button', { name: 'Test the document' }).isDisabled()).toBe(true);
    expect(await reader.getByRole('button', { name: /Delete prefix/ }).isDisabled()).toBe(true);
    await expectAccessible(reader, 'prefix (read-only)');
  });

  it('deletes a prefix after a confirmation: dismissing keeps it, accepting removes it from the API and the list', async () => {
    const created = await api(rig.daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
      key: rig.liveKey,
      body: { emailPrefix: 'old-ap', defaultDocumentType: 'invoice' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await go(page, 'Email');
    await page.getByRole('link', { name: 'old-ap', exact: true }).click();
    const remove = page.getByRole('button', { name: 'Delete prefix old-ap' });
    await remove.waitFor();
    page.once('dialog', (d) => void d.dismiss());
    await remove.click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Prefix old-ap');
    expect((await getConfig('old-ap')).emailPrefix).toBe('old-ap');
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.accept();
      }),
    );
    await remove.click();
    expect(await dialog).toContain('Delete the prefix old-ap?');
    await page.getByRole('heading', { level: 1, name: 'Email' }).waitFor();
    await page.getByRole('link', { name: 'ap', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'old-ap', exact: true }).count()).toBe(0);
    const gone = await api(rig.daemon.httpUrl, 'GET', '/api/email-ingestion/config/old-ap', { key: rig.liveKey });
    expect(gone.status).toBe(404);
    await expectAccessible(page, 'email after deleting a prefix');
  });
});
