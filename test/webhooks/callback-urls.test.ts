import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCallbackUrl, literalDestinations } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';
import { DB_KINDS } from '../support/databases.js';
import { startApi, type ApiHarness } from '../support/api-harness.js';

/**
 * Issue 13, defect 7: one address policy for every URL Intake will call. Spellings of loopback the
 * WHATWG parser turns into 127.0.0.1 (a decimal number, a short form) are refused like the plain one.
 */
const LOOPBACK = [
  'https://127.0.0.1/hook',
  'https://[::1]/hook',
  'https://2130706433/hook',
  'https://127.1/hook',
  'https://0x7f.1/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://169.254.169.254/latest',
  'https://localhost:8443/hook',
  // Issue 32, item 3: IPv4-compatible and 6to4 forms of 127.0.0.1 were accepted and dialled.
  'https://[::127.0.0.1]/hook',
  'https://[2002:7f00:1::]/hook',
];
const POLICY = /loopback, private, link-local or metadata/;

describe('checkCallbackUrl: the one registration check', () => {
  it('refuses loopback in every spelling with the transport, and with the literal fallback', async () => {
    const transport = createHttpsTransport();
    try {
      for (const url of LOOPBACK) {
        expect(await checkCallbackUrl(url, transport), url).toMatch(POLICY);
        expect(await checkCallbackUrl(url, literalDestinations()), url).toMatch(POLICY);
      }
    } finally {
      transport.close();
    }
  });

  it('refuses non-HTTPS, credentials and non-URLs before any lookup', async () => {
    const never = { checkDestination: () => Promise.reject(new Error('must not be asked')) };
    expect(await checkCallbackUrl('http://8.8.8.8/x', never)).toMatch(/HTTPS/);
    expect(await checkCallbackUrl('https://u:p@8.8.8.8/x', never)).toMatch(/credentials/);
    expect(await checkCallbackUrl('hooks', never)).toMatch(/not a URL/);
    expect(await checkCallbackUrl('https://8.8.8.8/x', literalDestinations())).toBeNull();
  });
});

describe.each(DB_KINDS)('every URL Intake calls is refused alike at registration, on %s', (kind) => {
  let api: ApiHarness;
  let org: { org_id: string; live_key: string };
  const transport = createHttpsTransport();
  beforeAll(async () => {
    // The daemon's default policy: nothing but public addresses.
    api = await startApi(kind, { webhookTransport: transport });
    org = await api.createOrg({ name: 'Policy' });
  });
  afterAll(async () => {
    await api.close();
    transport.close();
  });
  const call = (method: string, path: string, body: unknown) => api.call(method, path, { key: org.live_key, body });
  const config = (emailPrefix: string, url: string) => ({
    emailPrefix,
    defaultDocumentType: 'vendor_bill',
    webhooks: { url, secret: 's3cret', events: ['email.received'] },
  });

  it('per-prefix webhooks (POST and PATCH), webhook endpoints, test sends and ERP connections', async () => {
    // A prefix without a webhook, to PATCH one onto.
    expect(
      (await call('POST', '/api/email-ingestion/config', { emailPrefix: 'ap', defaultDocumentType: 'vendor_bill' }))
        .status,
    ).toBe(201);
    for (const [i, url] of LOOPBACK.entries()) {
      const posted = await call('POST', '/api/email-ingestion/config', config(`p${i}`, url));
      expect(posted.status, `POST config ${url}`).toBe(400);
      expect(posted.body.error).toMatchObject({ code: 'invalid_webhook_url', status: 400 });
      expect(posted.body.error.message).toMatch(POLICY);
      const patched = await call('PATCH', '/api/email-ingestion/config/ap', {
        webhooks: { url, secret: 's3cret', events: ['email.received'] },
      });
      expect(patched.status, `PATCH config ${url}`).toBe(400);
      expect(patched.body.error.code).toBe('invalid_webhook_url');
      const endpoint = await call('POST', '/v1/webhooks/endpoints', { url });
      expect([endpoint.status, endpoint.body.error?.code], `endpoint ${url}`).toEqual([400, 'invalid_webhook_url']);
      const test = await call('POST', '/v1/webhooks/test', { webhook_url: url });
      expect([test.status, test.body.error?.code], `test send ${url}`).toEqual([400, 'invalid_webhook_url']);
      const erp = await call('POST', '/v1/erp-connections', { name: 'Books', url });
      expect(erp.status, `ERP ${url}`).toBe(400);
      expect(erp.body.error.message).toMatch(POLICY);
    }
    // Nothing was stored on the way.
    expect((await call('GET', '/api/email-ingestion/config/ap', undefined)).body.webhooks).toBeUndefined();
    for (const i of LOOPBACK.keys())
      expect((await call('GET', `/api/email-ingestion/config/p${i}`, undefined)).status).toBe(404);
  });

  it('a PATCH that leaves an accepted URL as it was does not look it up again', async () => {
    // Stored directly: as if accepted under a WEBHOOK_ALLOWED_HOSTS that has since been narrowed.
    const created = await call('POST', '/api/email-ingestion/config', {
      emailPrefix: 'kept',
      defaultDocumentType: 'vendor_bill',
    });
    expect(created.status).toBe(201);
    const stored = await api.intake.stores.emailIngestion.get(org.org_id, 'kept');
    const withHook = {
      ...stored!.config,
      webhooks: { url: 'https://127.0.0.1/old', secret: 's3cret', events: ['email.received' as const] },
    };
    await api.intake.stores.emailIngestion.update(org.org_id, 'kept', withHook, new Date().toISOString());
    const patched = await call('PATCH', '/api/email-ingestion/config/kept', { isActive: false });
    expect(patched.status).toBe(200);
    expect(patched.body.webhooks.url).toBe('https://127.0.0.1/old');
    expect(
      (await call('PATCH', '/api/email-ingestion/config/kept', { webhooks: { url: 'https://127.1/new' } })).body.error
        .code,
    ).toBe('invalid_webhook_url');
  });
});
