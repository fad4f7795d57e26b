import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { base64 } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';

const IBAN_BEFORE = 'DE89 3704 0044 0532 0130 00';
const IBAN_AFTER = 'GB29 NWBK 6016 1331 9268 19';

/** A text PDF of one vendor: its name, VAT id, an invoice number, and where to pay. */
async function invoice(number: string, iban: string, vendor = 'Nordwind Logistik GmbH'): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const line = (text: string, x: number, y: number, size = 11) => page.drawText(text, { x, y, size, font });
  line(vendor, 50, 780, 16);
  line('Hafenstrasse 12, 20457 Hamburg', 50, 762);
  line('Invoice no.', 380, 740);
  line(number, 460, 740);
  line('Date: 14.03.2026', 380, 724);
  line('Total EUR 1,190.00', 380, 520);
  line('Bank details: Commerzbank Hamburg', 50, 120);
  line(`IBAN: ${iban}    BIC: COBADEFFXXX`, 50, 104);
  return base64(await pdf.save());
}

describe.each(DB_KINDS)('bank details that changed, through the HTTP API on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    api = await startApi(kind);
    org = await setUpTenant(api, { credits: 1000 });
    other = await setUpTenant(api, { credits: 1000 });
  });
  afterAll(() => api.close());

  const extract = (o: Tenant, document: string, extractorId = o.extractorId) => o.extract(document, { extractorId });

  it('a vendor first seen is not flagged; other details on its next invoice are, naming the first', async () => {
    const first = await extract(org, await invoice('NW-1001', IBAN_BEFORE));
    expect(first.payment_details).toEqual({
      iban: { value: 'DE89370400440532013000', confidence: 0.98 },
      bic: { value: 'COBADEFFXXX', confidence: 0.95 },
    });
    expect(first.payment_details_changed).toBeNull();
    expect(first.review_reasons.map((r: { code: string }) => r.code)).not.toContain('payment_details_changed');

    const second = await extract(org, await invoice('NW-1002', IBAN_AFTER));
    expect(second.payment_details.iban.value).toBe('GB29NWBK60161331926819');
    expect(second.needs_review).toBe(true);
    expect(second.payment_details_changed).toEqual({
      previous: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      last_seen_at: first.completed_at,
      job_id: first.id,
    });
    const reason = second.review_reasons.find((r: { code: string }) => r.code === 'payment_details_changed');
    expect(reason.message).toContain(first.id);

    // The webhook's job.completed carries the verdict too.
    const events = await api.intake.stores.outbox.list(org.org_id, { event: 'job.completed' });
    const event = events.find((e) => e.data.id === second.id)!;
    expect(event.data.payment_details_changed).toEqual(second.payment_details_changed);
    expect(event.data.payment_details).toEqual(second.payment_details);

    // Another organization knows nothing of this vendor: its first invoice there is not flagged.
    const elsewhere = await extract(other, await invoice('NW-1002', IBAN_AFTER));
    expect(elsewhere.payment_details_changed).toBeNull();
  });

  it('unconfirmed new details are not trusted: the third invoice with them is flagged too, until a person confirms', async () => {
    const third = await extract(org, await invoice('NW-1003', IBAN_AFTER));
    expect(third.needs_review).toBe(true);
    expect(third.payment_details_changed.previous.iban).toBe('DE89370400440532013000');

    const confirmed = await api.call('PATCH', `/v1/documents/${third.id}/fields`, {
      key: org.live_key,
      body: { confirm: true },
    });
    expect(confirmed.status).toBe(200);

    const fourth = await extract(org, await invoice('NW-1004', IBAN_AFTER));
    expect(fourth.payment_details_changed).toBeNull();
    expect(fourth.review_reasons.map((r: { code: string }) => r.code)).not.toContain('payment_details_changed');

    // Going back to the old account is a change as well, now measured against the confirmed one.
    const fifth = await extract(org, await invoice('NW-1005', IBAN_BEFORE));
    expect(fifth.payment_details_changed).toMatchObject({
      previous: { iban: 'GB29NWBK60161331926819' },
      job_id: fourth.id,
    });
  });

  it('payment details are read whatever the extractor asks for', async () => {
    const totalOnly = (
      await api.call('POST', '/v1/extractors', {
        key: org.live_key,
        body: {
          name: 'Totals',
          document_type: 'invoice',
          field_definitions: [{ name: 'total_amount', type: 'currency', required: true, description: 'Total' }],
        },
      })
    ).body.id;
    const job = await extract(org, await invoice('NW-2001', IBAN_BEFORE, 'Elbe Hafenbau AG'), totalOnly);
    expect(Object.keys(job.extracted_data)).toEqual(['total_amount']);
    expect(job.payment_details.iban.value).toBe('DE89370400440532013000');
    // Elbe Hafenbau is a new vendor, even with an account another vendor uses.
    expect(job.payment_details_changed).toBeNull();
  });
});
