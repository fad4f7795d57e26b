/**
 * The documents register as a new user meets it (issue 34's "done when"), in Chromium against the
 * shared daemon: 50 text PDFs of ten vendors, 47 uploaded and 3 mailed through the SMTP gateway.
 * One search by vendor and number finds the one document; a search matching every document says
 * "40+" (the shared daemon's REGISTER_COUNT_LIMIT is 40); a wrong date of issue is fixed by
 * clicking the right date's words on the page and saving; a flagged document says why. The
 * register, the job page and the review screen are photographed at 390 and 1366 px, and none of
 * them scrolls sideways.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, invoiceExtractor } from '../support/fixtures.js';
import { api } from '../support/processes.js';
import { sendRaw } from '../support/smtp.js';
import { eventually } from '../support/wait.js';
import { startDashboardRig, type DashboardRig } from './daemon.js';
import { expectNoSidewaysScroll, laidOut, shot, signIn } from './pages.js';

let rig: DashboardRig;
let page: Page;
let extractorId = '';
const PREFIX = 'fifty';
const VENDORS = [
  ['Acme Tools GmbH', 'AT'],
  ['Bolt Logistics', 'BL'],
  ['Cobalt Paper Co', 'CP'],
  ['Delta Freight Ltd', 'DF'],
  ['Evergreen Office', 'EO'],
  ['Falcon Print', 'FP'],
  ['Granite Supplies', 'GS'],
  ['Harbour Foods', 'HF'],
  ['Iris Cleaning', 'IC'],
  ['Juniper IT', 'JI'],
] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June'];
/** The document with a wrong date of issue, and the one without a number (a required field). */
const WRONG_DATE = 20;
const FLAGGED = 33;
/** The three documents that come by mail. */
const MAILED = [7, 25, 41];

interface Doc {
  vendor: string;
  number: string | null;
  date: string;
  total: string;
  file: string;
  /** A line the vendor stamped on the page. */
  note?: string;
}

function doc(i: number): Doc {
  const [vendor, code] = VENDORS[i % VENDORS.length]!;
  const number = i === FLAGGED ? null : `${code}-${4000 + i}`;
  const total = `${(100 + i * 37).toLocaleString('en-US')}.${String(i % 100).padStart(2, '0')}`;
  return {
    vendor,
    number,
    date: `${1 + (i % 28)} ${MONTHS[i % MONTHS.length]} 2026`,
    total,
    file: `${vendor.split(' ')[0]!.toLowerCase()}-${4000 + i}.pdf`,
    ...(i === WRONG_DATE ? { note: 'Date of issue corrected to 7 April 2026' } : {}),
  };
}

/** A one-page text PDF invoice. */
async function invoicePdf(d: Doc): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const p = pdf.addPage([595, 842]);
  const line = (text: string, x: number, y: number, size = 11, f = font) => p.drawText(text, { x, y, size, font: f });
  line(d.vendor, 50, 780, 16, bold);
  line('12 Harbour Road, Leeds LS1 4AB', 50, 762);
  line('INVOICE', 420, 780, 18, bold);
  if (d.number) {
    line('Invoice No:', 380, 740);
    line(d.number, 460, 740);
  }
  line('Invoice Date:', 380, 724);
  line(d.date, 460, 724);
  if (d.note) line(d.note, 50, 690, 11);
  line('Description', 50, 640, 11, bold);
  line('Amount', 480, 640, 11, bold);
  line('Office supplies', 50, 620);
  line(d.total, 480, 620);
  line('Total', 380, 520, 12, bold);
  line(d.total, 480, 520, 12, bold);
  return pdf.save();
}

/** A mail from the vendor with the invoice attached, as a mail client writes it. */
function mailWith(d: Doc, pdf: Uint8Array, to: string): string {
  const body = Buffer.from(pdf).toString('base64');
  return [
    `From: Billing <billing@${d.vendor.split(' ')[0]!.toLowerCase()}.example>`,
    `To: ${to}`,
    `Subject: Invoice ${d.number}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'Please find our invoice attached.',
    '--b1',
    `Content-Type: application/pdf; name="${d.file}"`,
    `Content-Disposition: attachment; filename="${d.file}"`,
    'Content-Transfer-Encoding: base64',
    '',
    ...(body.match(/.{1,76}/g) ?? []),
    '--b1--',
    '',
  ].join('\r\n');
}

const ids = new Map<number, string>();

/** The documents' jobs once every one of them has finished: index to job id (mailed ones by file name). */
async function allFinished(): Promise<void> {
  let seen = '';
  await eventually(
    () => `50 documents finished; last seen ${seen}`,
    async () => {
      const list = await api(rig.daemon.httpUrl, 'GET', '/v1/documents?limit=100', { key: rig.liveKey });
      const jobs = list.body.jobs as { id: string; status: string; register: { file_name: string | null } }[];
      const done = jobs.filter((j) => j.status === 'completed' || j.status === 'failed');
      seen = `${done.length} of ${jobs.length}`;
      if (jobs.length < 50 || done.length < 50) return false;
      for (let i = 0; i < 50; i++) {
        const job = jobs.find((j) => j.register.file_name === doc(i).file);
        if (job) ids.set(i, job.id);
      }
      return ids.size === 50;
    },
    { timeoutMs: 240_000, intervalMs: 500 },
  );
}

const register = () => page.getByRole('table');
const fileCells = () => register().locator('tbody th[scope=row]');
const search = () => page.getByRole('searchbox', { name: 'Search' });

describe('the register with 50 documents, as a new user tries it', () => {
  beforeAll(async () => {
    rig = await startDashboardRig('fifty', { REGISTER_COUNT_LIMIT: '40' });
    const extractor = await api(rig.daemon.httpUrl, 'POST', '/v1/extractors', {
      key: rig.liveKey,
      body: invoiceExtractor(),
    });
    expect(extractor.status, JSON.stringify(extractor.body)).toBe(201);
    extractorId = extractor.body.id;
    const config = await api(rig.daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
      key: rig.liveKey,
      body: {
        emailPrefix: PREFIX,
        defaultDocumentType: 'invoice',
        autoClassify: false,
        extractors: { invoice: extractorId },
      },
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    page = await rig.pages.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, rig.liveKey);
    const session = (await (await page.request.get('/session')).json()) as { smtp: { port: number; domain: string } };
    const uploads = Array.from({ length: 50 }, (_, i) => i).filter((i) => !MAILED.includes(i));
    // Ten at a time: the daemon's workers read them while the rest arrive.
    for (let from = 0; from < uploads.length; from += 10)
      await Promise.all(
        uploads.slice(from, from + 10).map(async (i) => {
          const d = doc(i);
          const res = await api(rig.daemon.httpUrl, 'POST', '/v1/documents', {
            key: rig.liveKey,
            body: {
              extractor_id: extractorId,
              document: base64(await invoicePdf(d)),
              mime_type: 'application/pdf',
              metadata: { file_name: d.file },
            },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(202);
        }),
      );
    const to = `${PREFIX}@${session.smtp.domain}`;
    for (const i of MAILED) {
      const d = doc(i);
      const reply = await sendRaw(
        session.smtp.port,
        `billing@${d.vendor.split(' ')[0]!.toLowerCase()}.example`,
        [to],
        mailWith(d, await invoicePdf(d), to),
      );
      expect(reply.code, reply.text).toBe(250);
    }
    await allFinished();
  }, 420_000);

  afterAll(() => rig?.stop());

  it('finds one document by vendor and number in one search, and says "40+" for a search matching all', async () => {
    await page.goto('/documents');
    await register().getByText('50 documents;').waitFor();
    // Every document's text says INVOICE: the count stops at the limit and says so.
    await search().fill('invoice');
    await page.waitForURL(/q=invoice/);
    await register().getByText('40+ documents;').waitFor();
    expect(await page.getByText('the whole filtered list, 40+ documents').count()).toBe(1);

    // Granite Supplies' GS-4016: the vendor's first word and the number's digits, in one search.
    await search().fill('granite 4016');
    await page.waitForURL(/q=granite\+4016/);
    await register().getByText('1 document;').waitFor();
    expect(await fileCells().allTextContents()).toEqual(['granite-4016.pdf']);
    const row = await register().locator('tbody tr').first().textContent();
    for (const text of ['Granite Supplies', 'GS-4016', '2026-05-17', '692.16']) expect(row).toContain(text);
    // By the number alone, as it is printed.
    await search().fill('gs-4016');
    await page.waitForURL(/q=gs-4016/);
    await eventually('only GS-4016', async () => (await fileCells().allTextContents()).join() === 'granite-4016.pdf');

    // A mailed one: its sender and subject are in the row and searchable.
    await search().fill('bolt 4041');
    await page.waitForURL(/q=bolt\+4041/);
    // The URL changes before the list does (the previous search also found one document).
    await eventually('only BL-4041', async () => (await fileCells().allTextContents()).join() === 'bolt-4041.pdf');
    await register().getByText('1 document;').waitFor();
    const mailed = await register().locator('tbody tr').first().textContent();
    expect(mailed).toContain('email from billing@bolt.example');
    expect(mailed).toContain('Invoice BL-4041');
    await search().fill('');
    await page.waitForURL((url) => !url.search.includes('q='));
    await register().getByText('50 documents;').waitFor();
    await expectNoSidewaysScroll(page, 'register');
    // Every column fits beside the sidebar: the last one's Delete is not cut off by the table's box.
    const [tableBox, lastDelete] = [
      await page.locator('.table-box').boundingBox(),
      await register()
        .getByRole('button', { name: /^Delete / })
        .last()
        .boundingBox(),
    ];
    expect(lastDelete!.x + lastDelete!.width).toBeLessThanOrEqual(tableBox!.x + tableBox!.width);
    await shot(page, 'fifty-register-1366');
  }, 120_000);

  it('fixes a wrong date of issue by clicking its words on the page and saving', async () => {
    const id = ids.get(WRONG_DATE)!;
    const before = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${id}`, { key: rig.liveKey });
    // The printed date of issue is the wrong one: the stamp below it gives the right one.
    expect(before.body.extracted_data.invoice_date).toBe('2026-03-21');
    await page.goto(`/documents/${id}/review`);
    const field = page.locator('#review-invoice_date');
    await field.focus();
    // The field's own name, the label's first text (a badge and the confidence follow it).
    const label = await page
      .locator('label[for="review-invoice_date"]')
      .evaluate((l) => (l.firstChild?.textContent ?? '').trim());
    expect(label).not.toBe('');
    const img = page.locator('.review-canvas img');
    const box = await laidOut(img);
    const words = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${id}/pages/1/words`, { key: rig.liveKey });
    type Word = { text: string; box: { x0: number; y0: number; x1: number; y1: number } };
    const all = words.body.words as Word[];
    const april = all.find((w) => w.text === 'April')!;
    expect(april, JSON.stringify(all.map((w) => w.text))).toBeDefined();
    const date = all
      .filter((w) => Math.abs(w.box.y0 - april.box.y0) < 3 && ['7', 'April', '2026'].includes(w.text))
      .sort((a, b) => a.box.x0 - b.box.x0);
    expect(date.map((w) => w.text)).toEqual(['7', 'April', '2026']);
    for (const [i, w] of date.entries()) {
      const x = box.x + ((w.box.x0 + w.box.x1) / 2 / words.body.page_width) * box.width;
      const y = box.y + ((w.box.y0 + w.box.y1) / 2 / words.body.page_height) * box.height;
      if (i > 0) await page.keyboard.down('Shift');
      await page.mouse.click(x, y);
      if (i > 0) await page.keyboard.up('Shift');
      // The first click loads the page's words: wait for each click to be taken before the next.
      // Taken into the date of issue, the words clicked so far in their order.
      const soFar = date
        .slice(0, i + 1)
        .map((d) => d.text)
        .join(' ');
      let status = '';
      await eventually(
        () => `"${soFar}" put into ${label}; status: ${status}`,
        async () => {
          status = (await page.locator('.review-status').textContent()) ?? '';
          return status.includes(`“${soFar}” put into ${label}`);
        },
      );
    }
    await eventually('the date read from the clicked words', async () => (await field.inputValue()) === '2026-04-07');
    await expectNoSidewaysScroll(page, 'review');
    await shot(page, 'fifty-review-1366');
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/fields'));
    await field.press('Control+Enter');
    expect((await saved).status()).toBeLessThan(300);
    const after = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${id}`, { key: rig.liveKey });
    expect(after.body.extracted_data.invoice_date).toBe('2026-04-07');
    expect(after.body.register?.document_date ?? after.body.extracted_data.invoice_date).toBe('2026-04-07');
  }, 180_000);

  it('says why a flagged document needs review, in the register and on its review screen', async () => {
    const id = ids.get(FLAGGED)!;
    await page.goto('/documents?q=4033');
    await register().getByText('1 document;').waitFor();
    expect(await register().locator('tbody tr').first().textContent()).toContain('needs review');
    await page.goto(`/documents/${id}`);
    await page.getByRole('region', { name: 'Job' }).getByText('needs review').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, 'job page');
    await shot(page, 'fifty-job-1366');
    await page.goto(`/documents/${id}/review`);
    const reasons = page.getByRole('region', { name: 'Why it needs review' });
    await reasons.waitFor();
    expect(await reasons.textContent()).toMatch(/Invoice number.*required/);
    // Rejecting asks first, and its button looks destructive; Back leaves the document as it was.
    await page.getByRole('button', { name: /^Reject/ }).click();
    const box = page.getByRole('form', { name: 'Reject the document' });
    expect(await box.getByRole('button', { name: 'Reject the document' }).getAttribute('class')).toBe('danger');
    await box.getByRole('button', { name: 'Back' }).click();
    await box.waitFor({ state: 'detached' });
    const job = await api(rig.daemon.httpUrl, 'GET', `/v1/documents/${id}`, { key: rig.liveKey });
    expect(job.body.needs_review).toBe(true);
  });

  it('fits the register, the job page and the review screen on a phone, 390 px wide', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/documents');
    await register().getByText('50 documents;').waitFor();
    await expectNoSidewaysScroll(page, 'register');
    await shot(page, 'fifty-register-390');
    const id = ids.get(FLAGGED)!;
    await page.goto(`/documents/${id}`);
    await page.getByRole('region', { name: 'Job' }).getByText('needs review').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, 'job page');
    await shot(page, 'fifty-job-390');
    await page.goto(`/documents/${id}/review`);
    await page.getByRole('region', { name: 'Why it needs review' }).waitFor();
    await laidOut(page.locator('.review-canvas img'));
    await expectNoSidewaysScroll(page, 'review');
    await shot(page, 'fifty-review-390');
    // The field the screen opens on (the one that needs attention) is in the window once the page
    // picture is there; so is the last one, focused: the page sticks above it.
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('review-invoice_number');
    for (const name of ['invoice_number', 'vendor_email']) {
      const input = page.locator(`#review-${name}`);
      if (name !== 'invoice_number') await input.focus();
      const [frame, field] = [await page.locator('.review-page').boundingBox(), await input.boundingBox()];
      expect(frame!.y).toBeGreaterThanOrEqual(-1);
      expect(frame!.y + frame!.height).toBeLessThanOrEqual(field!.y + 1);
      expect(field!.y + field!.height).toBeLessThanOrEqual(844);
      // The window, as the phone shows it (a whole-page picture would show a hole, see shot()).
      await shot(page, `fifty-review-390-${name}`, { window: true });
    }
  }, 120_000);
});
