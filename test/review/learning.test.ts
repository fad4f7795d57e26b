import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnHints } from '@intake/core/learning';
import { extractFields, type FieldDefinition } from '@intake/core';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { base64 } from '../support/fixtures.js';
import { setUpTenant, type Tenant } from '../support/tenant.js';
import { doc } from '../extraction/synthetic.js';

/**
 * A vendor that prints its invoice number under a label no rule knows ("Beleg-Kennung"): the rules
 * miss it; one correction teaches where it stands, and the vendor's next invoice comes back right.
 */
async function vendorInvoice(number: string, options: { vat?: string; vendor?: string } = {}): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const line = (text: string, x: number, y: number, size = 11) => page.drawText(text, { x, y, size, font });
  line(options.vendor ?? 'Kessler Feinmechanik GmbH', 50, 780, 16);
  line('Industriestrasse 4, 70565 Stuttgart', 50, 762);
  line(`USt-IdNr: ${options.vat ?? 'DE 811 907 980'}`, 50, 746);
  line('Beleg-Kennung', 380, 740);
  line(number, 470, 740);
  line('Datum: 14.03.2026', 380, 724);
  line('Gesamtbetrag EUR 1.190,00', 380, 520);
  return base64(await pdf.save());
}

describe.each(DB_KINDS)('corrections teach on %s', (kind) => {
  let api: ApiHarness;
  let org: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    api = await startApi(kind);
    org = await setUpTenant(api, { credits: 1000 });
    other = await setUpTenant(api, { credits: 1000 });
  });
  afterAll(() => api.close());

  const extract = (o: Tenant, document: string) => o.extract(document);

  it('a corrected invoice teaches its vendor; the next one is right and says learned: true; another organization learns nothing', async () => {
    const first = await extract(org, await vendorInvoice('BK-7781'));
    expect(first.extracted_data.invoice_number).not.toBe('BK-7781');
    const corrected = await api.call('PATCH', `/v1/documents/${first.id}/fields`, {
      key: org.live_key,
      body: { fields: { invoice_number: 'BK-7781' } },
    });
    expect(corrected.status).toBe(200);

    const next = await extract(org, await vendorInvoice('BK-9002'));
    expect(next.extracted_data.invoice_number).toBe('BK-9002');
    expect(next.field_locations.invoice_number).toMatchObject({
      learned: true,
      source: 'label',
      page: 1,
      label: { text: 'Beleg-Kennung' },
    });
    expect(next.field_locations.invoice_number.box.x0).toBeCloseTo(470, 0);

    // The same vendor's invoice in another organization: no hint of the first one applies.
    const elsewhere = await extract(other, await vendorInvoice('BK-9002'));
    expect(elsewhere.extracted_data.invoice_number).not.toBe('BK-9002');
    expect(JSON.stringify(elsewhere.field_locations)).not.toContain('learned');
    expect((await api.call('GET', '/v1/vendor-hints', { key: other.live_key })).body.vendors).toEqual([]);
  });

  it('recognises the vendor by its VAT id when the name differs, exports, removes and imports its hints', async () => {
    const listed = (await api.call('GET', '/v1/vendor-hints', { key: org.live_key })).body.vendors;
    expect(listed).toHaveLength(1);
    expect(listed[0].keys).toEqual(expect.arrayContaining(['vat:DE811907980', 'name:kessler feinmechanik']));
    expect(listed[0].fields.invoice_number).toMatchObject({ anchor: ['beleg kennung'], position: 'right' });

    const renamed = await extract(org, await vendorInvoice('BK-1200', { vendor: 'KFM Stuttgart' }));
    expect(renamed.extracted_data.invoice_number).toBe('BK-1200');

    // Removal needs a live key (shared by both modes, like extractors).
    expect((await api.call('DELETE', `/v1/vendor-hints/${listed[0].id}`, { key: org.test_key })).status).toBe(403);
    expect((await api.call('DELETE', `/v1/vendor-hints/${listed[0].id}`, { key: other.live_key })).status).toBe(404);
    expect((await api.call('DELETE', `/v1/vendor-hints/${listed[0].id}`, { key: org.live_key })).status).toBe(204);
    const forgotten = await extract(org, await vendorInvoice('BK-1300'));
    expect(forgotten.extracted_data.invoice_number).not.toBe('BK-1300');

    const imported = await api.call('POST', '/v1/vendor-hints/import', {
      key: org.live_key,
      body: { vendors: listed },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.vendors[0]).toMatchObject({ keys: listed[0].keys, fields: listed[0].fields });
    expect(imported.body.vendors[0].id).not.toBe(listed[0].id);
    expect((await extract(org, await vendorInvoice('BK-1400'))).extracted_data.invoice_number).toBe('BK-1400');
    const bad = await api.call('POST', '/v1/vendor-hints/import', {
      key: org.live_key,
      body: { vendors: [{ keys: ['nope'], fields: {} }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
  });
});

describe('learned hints (unit)', () => {
  const fields: FieldDefinition[] = [
    { name: 'order_ref', type: 'text', required: false, description: 'Order reference' },
  ];
  it('learns a value printed under its anchor (below) and finds the next one there', () => {
    const first = doc([
      { text: 'Kundenauftrag', x: 300, y: 100 },
      { text: 'KA-55-1', x: 300, y: 114 },
    ]);
    const hints = learnHints(first, [{ ...fields[0]!, type: 'text' }], { order_ref: 'KA-55-1' }, 'job_1');
    expect(hints.order_ref).toEqual({ anchor: ['kundenauftrag'], position: 'below', learned_from: 'job_1' });
    const second = doc([
      { text: 'Kundenauftrag', x: 300, y: 120 },
      { text: 'KA-77-3', x: 300, y: 134 },
    ]);
    const result = extractFields(second, fields, { hints });
    expect(result.extracted_data.order_ref).toBe('KA-77-3');
    expect(result.field_locations.order_ref).toMatchObject({ learned: true, label: { text: 'Kundenauftrag' } });
    // Without hints the rules do not know the label.
    expect(extractFields(second, fields).extracted_data.order_ref).toBeUndefined();
  });
});
