import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { pino } from 'pino';
import { createIntake } from '@intake/core';
import { createHttpApp } from '@intake/daemon';
import type { SqlStorage } from '@intake/storage-sql';

export interface Target {
  name: string;
  /** Full URL of the measured request. */
  url: string;
  headers: Record<string, string>;
  close(): Promise<void>;
}

async function listen(handler: http.RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async close() {
      // autocannon's keep-alive sockets would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A valid extractor with a realistic number of fields, so the JSON answer has a typical size. */
const extractorBody = {
  name: 'Invoices',
  document_type: 'invoice',
  field_definitions: [
    { name: 'invoice_number', type: 'text', required: true, description: 'Invoice number', validation: { pattern: '^[A-Z0-9-]+$', max_length: 40 } },
    { name: 'invoice_date', type: 'date', required: true, description: 'Date of issue', validation: { min_date: '2000-01-01' } },
    { name: 'vendor_name', type: 'text', required: true, description: 'Seller' },
    { name: 'total_amount', type: 'currency', required: true, description: 'Grand total', validation: { min: 0 } },
    {
      name: 'line_items',
      type: 'array',
      required: false,
      description: 'Rows of the table',
      fields: [
        { name: 'description', type: 'text', required: true, description: 'What' },
        { name: 'amount', type: 'currency', required: true, description: 'Row total' },
      ],
    },
  ],
};

/**
 * The real HTTP API over `storage`, with one organization, its live key and one extractor. The
 * logger is silent (as in the API tests): the bench measures request handling, not stdout.
 */
export async function startIntake(name: string, storage: SqlStorage): Promise<Target & { extractorJson: unknown }> {
  const intake = createIntake({ stores: storage });
  // 1,000,000/min is the most the organization schema accepts: far above what 2 cores can serve in
  // one window, so the limiter counts every request but never throttles.
  const org = await intake.organizations.create({ name: `Bench ${name}`, plan: 'enterprise', rate_limit_per_minute: 1_000_000 });
  const extractor = await intake.extractors.create(org.org_id, extractorBody, 'admin');
  const app = createHttpApp({
    intake,
    rateLimiter: storage.rateLimiter,
    logger: pino({ level: 'silent' }),
    ping: storage.ping,
    publicBaseUrl: 'http://localhost',
    maxBodyBytes: 1_048_576,
  });
  const server = await listen(app.koa.callback());
  const url = `${server.origin}/v1/extractors/${extractor.id}`;
  const headers = { authorization: `Bearer ${org.live_key}` };
  // One request before the load: proves the route answers 200, and gives the bare handler its body.
  const res = await fetch(url, { headers });
  if (res.status !== 200) {
    await server.close();
    throw new Error(`${name}: GET ${url} answered ${res.status}: ${await res.text()}`);
  }
  return { name, url, headers, extractorJson: await res.json(), close: server.close };
}

/** The floor: Koa serializing the same JSON with no auth, rate limiting, routing or database. */
export async function startBare(body: unknown): Promise<Target> {
  const koa = new Koa();
  koa.use((ctx) => {
    ctx.body = body;
  });
  const server = await listen(koa.callback());
  return { name: 'bare Koa', url: `${server.origin}/v1/extractors/bare`, headers: {}, close: server.close };
}
