/**
 * The `sender_authenticated` rule on verdicts as stored on a message: which verdicts count as
 * authenticated, and what a prefix's routing condition, classification override and
 * `unauthenticated` setting make of a stored message's verdicts when it is processed (in-process,
 * PGlite; the verdicts are given, as the DNS-backed test computes them end to end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decideSender,
  isSenderAuthenticated,
  withAuthenticated,
  type SenderAuthentication,
  type SenderVerdicts,
} from '@intake/core/email';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { base64, invoiceExtractor, makeInvoicePdf } from '../support/fixtures.js';
import { setUpTenant } from '../support/tenant.js';

const verdicts = (change: Partial<SenderVerdicts> = {}): SenderVerdicts => ({
  spf: { result: 'none', domain: null, aligned: false },
  dkim: [],
  dmarc: { result: 'none', policy: null, domain: null },
  arc: { result: 'none' },
  from_domain: 'vendor.example',
  client_address_source: 'smtp',
  ...change,
});

describe('which stored verdicts are authenticated', () => {
  it('DMARC pass, or SPF or DKIM pass aligned with From; nothing else', () => {
    expect(
      isSenderAuthenticated(verdicts({ dmarc: { result: 'pass', policy: 'reject', domain: 'vendor.example' } })),
    ).toBe(true);
    expect(
      isSenderAuthenticated(verdicts({ spf: { result: 'pass', domain: 'mail.vendor.example', aligned: true } })),
    ).toBe(true);
    expect(isSenderAuthenticated(verdicts({ spf: { result: 'pass', domain: 'bulk.example', aligned: false } }))).toBe(
      false,
    );
    const dkim = (result: 'pass' | 'fail', aligned: boolean) => ({
      result,
      domain: 'd.example',
      selector: 's',
      aligned,
    });
    expect(isSenderAuthenticated(verdicts({ dkim: [dkim('fail', true), dkim('pass', true)] }))).toBe(true);
    expect(isSenderAuthenticated(verdicts({ dkim: [dkim('pass', false)] }))).toBe(false);
    expect(isSenderAuthenticated(verdicts({ dkim: [dkim('fail', true)] }))).toBe(false);
    // SPF softfail and neutral are not a pass, aligned or not; a DMARC fail is final without an aligned pass.
    expect(
      isSenderAuthenticated(verdicts({ spf: { result: 'softfail', domain: 'vendor.example', aligned: true } })),
    ).toBe(false);
    expect(
      isSenderAuthenticated(verdicts({ dmarc: { result: 'fail', policy: 'reject', domain: 'vendor.example' } })),
    ).toBe(false);
    expect(isSenderAuthenticated(verdicts())).toBe(false);
  });

  it('the policy: reject refuses, or defers on a temporary failure; review flags; accept and no verdicts pass', () => {
    const failed = withAuthenticated(verdicts({ dmarc: { result: 'fail', policy: 'reject', domain: 'v.example' } }));
    const temporary = withAuthenticated(verdicts({ spf: { result: 'temperror', domain: 'v.example', aligned: true } }));
    const passed = withAuthenticated(verdicts({ dmarc: { result: 'pass', policy: 'none', domain: 'v.example' } }));
    expect(decideSender('reject', failed)).toBe('refuse');
    expect(decideSender('reject', temporary)).toBe('defer');
    expect(decideSender('review', failed)).toBe('review');
    expect(decideSender('accept', failed)).toBe('accept');
    expect(decideSender('reject', passed)).toBe('accept');
    expect(decideSender('reject', null)).toBe('accept');
  });
});

describe('stored verdicts through processing (PGlite)', () => {
  let h: ApiHarness;
  let key: string;
  let orgId: string;
  let n = 0;
  const authenticated = withAuthenticated(
    verdicts({ dkim: [{ result: 'pass', domain: 'vendor.example', selector: 's1', aligned: true }] }),
  );
  const unauthenticated = withAuthenticated(
    verdicts({ spf: { result: 'softfail', domain: 'vendor.example', aligned: true } }),
  );

  /** Stores a message for `prefix` with these verdicts (as the SMTP edge does), processes it, returns it. */
  const deliver = async (prefix: string, authentication: SenderAuthentication | null) => {
    const verdict = await h.inbound.checkRecipient(`${prefix}@example.test`);
    if (!verdict.accepted) throw new Error(`recipient refused: ${verdict.reason}`);
    const pdf = base64(await makeInvoicePdf({ salt: `cond${n++}` }));
    const raw = new TextEncoder().encode(
      `From: billing@vendor.example\r\nTo: ${prefix}@example.test\r\nSubject: Invoice\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: application/pdf; name=inv.pdf\r\nContent-Disposition: attachment; filename=inv.pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n${pdf}\r\n--b--\r\n`,
    );
    const envelope = {
      mailFrom: 'billing@vendor.example',
      recipients: [verdict],
      remoteAddress: '192.0.2.1',
      helo: 'mail.vendor.example',
    };
    const [record] = await h.inbound.accept(envelope, raw, authentication);
    await h.runMail();
    return (await h.call('GET', `/api/email-ingestion/messages/${record!.id}`, { key })).body;
  };
  const job = async (id: string) => (await h.intake.stores.jobs.get(orgId, 'live', id))!;

  beforeAll(async () => {
    h = await startApi('pglite');
    const prefix = (emailPrefix: string, extra: Record<string, unknown>) => ({
      emailPrefix,
      defaultDocumentType: 'vendor_bill',
      autoClassify: false,
      ...extra,
    });
    const org = await setUpTenant(h, {
      credits: 100,
      extractors: [invoiceExtractor(), { ...invoiceExtractor('Receipts'), document_type: 'receipt' }],
      prefixes: [
        prefix('routed', {
          routingRules: [
            { condition: { type: 'sender_authenticated', value: false }, action: { assignTo: 'fraud-desk' } },
            { condition: { type: 'sender_authenticated', value: true }, action: { assignTo: 'ap' } },
          ],
          classificationOverrides: [{ condition: { senderAuthenticated: true }, documentType: 'receipt' }],
        }),
        prefix('reviewed', { unauthenticated: 'review' }),
        prefix('strict', { unauthenticated: 'reject' }),
      ],
    });
    key = org.live_key;
    orgId = org.org_id;
  });
  afterAll(async () => h?.close());

  it('routes and overrides on the stored verdict; a message without verdicts matches neither value', async () => {
    const good = await deliver('routed', authenticated);
    expect(good.sender_authentication).toEqual(authenticated);
    const goodJob = await job(good.attachments[0].job_id);
    expect(goodJob.routing?.decision).toMatchObject({ rule: 1, assignTo: 'ap' });
    expect(good.attachments[0].classification).toMatchObject({ documentType: 'receipt', source: 'override' });
    expect((goodJob.metadata as { email: { sender_authenticated: unknown } }).email.sender_authenticated).toBe(true);

    const bad = await deliver('routed', unauthenticated);
    expect((await job(bad.attachments[0].job_id)).routing?.decision).toMatchObject({ rule: 0, assignTo: 'fraud-desk' });
    expect(bad.attachments[0].classification).toMatchObject({ documentType: 'vendor_bill', source: 'default' });

    const unknown = await deliver('routed', null);
    expect(unknown.sender_authentication).toBeNull();
    expect((await job(unknown.attachments[0].job_id)).routing?.decision).toMatchObject({ rule: null });
  });

  it('review flags an unauthenticated sender only', async () => {
    const bad = await deliver('reviewed', unauthenticated);
    const flags = (await job(bad.attachments[0].job_id)).review_flags;
    expect(flags).toEqual([
      { code: 'sender_unauthenticated', message: expect.stringContaining('SPF softfail (vendor.example), DKIM none') },
    ]);
    const good = await deliver('reviewed', authenticated);
    expect((await job(good.attachments[0].job_id)).review_flags ?? []).toEqual([]);
  });

  it("a reject prefix's stored copy is a refused record, never processed; an authenticated one is processed", async () => {
    const refused = await deliver('strict', unauthenticated);
    expect(refused).toMatchObject({
      status: 'failed',
      attachments: [],
      error: { code: 'sender_unauthenticated', message: expect.stringContaining('unauthenticated setting is reject') },
    });
    expect(refused.processed_at).toBe(refused.received_at);
    const good = await deliver('strict', authenticated);
    expect(good.status).toBe('processed');
    expect(good.attachments[0].status).toBe('job_created');
  });
});
