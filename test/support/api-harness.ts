import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createIntake, ManualClock, systemClock, type Clock, type Intake } from '@intake/core';
import { createHttpApp } from '@intake/daemon';
import { openTestDatabase, type DbKind, type TestDatabase } from './databases.js';

export interface ApiHarness {
  baseUrl: string;
  intake: Intake;
  db: TestDatabase;
  /** Creates an organization with an all-scope live and test key. */
  createOrg(input?: { name?: string; plan?: string; rate_limit_per_minute?: number }): Promise<{ org_id: string; live_key: string; test_key: string }>;
  /** fetch against the API with an optional bearer key and a JSON body. */
  call(method: string, path: string, options?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** The real HTTP API on a loopback port over a fresh database of the given kind. */
export async function startApi(kind: DbKind, options: { clock?: Clock } = {}): Promise<ApiHarness> {
  const db = await openTestDatabase(kind);
  const intake = createIntake({ stores: db.storage, clock: options.clock ?? systemClock });
  const app = createHttpApp({
    intake,
    rateLimiter: db.storage.rateLimiter,
    logger: pino({ level: 'silent' }),
    ping: db.storage.ping,
    publicBaseUrl: 'http://localhost',
    maxBodyBytes: 1_048_576,
  });
  const server = http.createServer(app.koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    intake,
    db,
    async createOrg(input = {}) {
      const created = await intake.organizations.create({ name: input.name ?? 'Test org', plan: input.plan ?? 'business', ...input });
      return { org_id: created.org_id, live_key: created.live_key, test_key: created.test_key };
    },
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.key) headers.authorization = `Bearer ${opts.key}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      const res = await fetch(baseUrl + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

export { ManualClock };

/** A valid extractor body with the spec's recommended invoice fields. */
export const invoiceExtractor = (name = 'Invoices') => ({
  name,
  document_type: 'invoice',
  field_definitions: [
    { name: 'invoice_number', type: 'text', required: true, description: 'Invoice number', validation: { pattern: '^[A-Z0-9-]+$', max_length: 40 } },
    { name: 'invoice_date', type: 'date', required: true, description: 'Date of issue', validation: { min_date: '2000-01-01' } },
    { name: 'due_date', type: 'date', required: false, description: 'Payment due date' },
    { name: 'vendor_name', type: 'text', required: true, description: 'Seller' },
    { name: 'vendor_email', type: 'email', required: false, description: 'Seller email', validation: { domain: '@vendor.example' } },
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
});
