/**
 * WEBHOOKS_ALLOW_LOCALHOST: a development setting, off by default, under which an endpoint may be a
 * plain `http://localhost` receiver (no certificate). Off, such URLs are refused; on, only this
 * machine's names are let through, and deliveries over plain http are signed like any other.
 */
import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, createIntake, verifyWebhookSignature } from '@intake/core';
import { WebhookService } from '@intake/core/webhooks';
import { createMemoryStores } from '@intake/core/testing';
import { ConfigError, loadConfig } from '@intake/daemon';
import { createHttpsTransport } from '@intake/webhook-https';

describe('WEBHOOKS_ALLOW_LOCALHOST', () => {
  let server: http.Server;
  let port: number;
  const received: { body: string; signature: string | undefined }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers['x-service-signature'] as string | undefined,
        });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as import('node:net').AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  function service(allow: boolean) {
    const stores = createMemoryStores();
    const intake = createIntake({ stores });
    const transport = createHttpsTransport({ allowLocalhostHttp: allow });
    const webhooks = new WebhookService({
      store: stores.webhooks,
      settings: stores.settings,
      transport,
      clock: intake.clock,
      ids: intake.ids,
      timeoutMs: 5000,
      allowLocalhostHttp: allow,
    });
    return { intake, webhooks, transport };
  }

  it('is off by default, and then refuses http://localhost endpoints', async () => {
    expect(loadConfig({}, os.tmpdir()).WEBHOOKS_ALLOW_LOCALHOST).toBe(false);
    const { intake, webhooks, transport } = service(false);
    const org = await intake.organizations.create({ name: 'Dev' });
    await expect(
      webhooks.create(org.org_id, { url: `http://localhost:${port}/hook`, events: ['*'] }),
    ).rejects.toMatchObject({ code: 'invalid_webhook_url', message: 'Webhook URLs must use HTTPS' });
    // The transport refuses plain http on its own as well.
    const sent = await transport.send({
      url: `http://localhost:${port}/hook`,
      headers: {},
      body: '{}',
      timeoutMs: 2000,
    });
    expect(sent).toMatchObject({ statusCode: null, error: expect.stringContaining('WEBHOOKS_ALLOW_LOCALHOST') });
    expect(received).toEqual([]);
    transport.close();
  });

  it('on: accepts http://localhost and 127.0.0.1, still refuses plain http elsewhere, and delivers signed', async () => {
    expect(loadConfig({ WEBHOOKS_ALLOW_LOCALHOST: 'true' }, os.tmpdir()).WEBHOOKS_ALLOW_LOCALHOST).toBe(true);
    const { intake, webhooks, transport } = service(true);
    const org = await intake.organizations.create({ name: 'Dev' });
    const { endpoint, secret } = await webhooks.create(org.org_id, {
      url: `http://localhost:${port}/hook`,
      events: ['*'],
    });
    expect(endpoint.url).toBe(`http://localhost:${port}/hook`);
    await webhooks.create(org.org_id, { url: `http://127.0.0.1:${port}/other`, events: ['*'] });
    const elsewhere = webhooks.create(org.org_id, { url: 'http://hooks.example.com/intake', events: ['*'] });
    await expect(elsewhere).rejects.toBeInstanceOf(AppError);
    await expect(elsewhere).rejects.toMatchObject({
      code: 'invalid_webhook_url',
      message: 'Webhook URLs must use HTTPS (plain http only to localhost)',
    });

    const result = await webhooks.test(org.org_id, endpoint.url);
    expect(result).toMatchObject({ delivered: true, status_code: 200, signed_with: endpoint.id });
    const last = received.at(-1)!;
    expect(verifyWebhookSignature(last.body, last.signature, secret)).toBe(true);
    transport.close();
  });

  it('takes only true or false, naming the setting otherwise', () => {
    expect(() => loadConfig({ WEBHOOKS_ALLOW_LOCALHOST: 'yes' }, os.tmpdir())).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_LOCALHOST: 'yes' }, os.tmpdir())).toThrow(/WEBHOOKS_ALLOW_LOCALHOST/);
  });
});
