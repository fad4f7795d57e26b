import { afterEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { migrate, type SqlStorage } from '@intake/storage-sql';
import { DB_KINDS, openUnmigratedDatabase, type DbKind } from '../support/databases.js';

/*
 * Migration 014 (modes) on a database that already holds data, as release 013 left it: every row a
 * mode column was added to must say the mode of what it records, and the rollups rebuilt per mode
 * must count exactly the jobs of each mode, no more and no fewer than before in total.
 */

const HOUR = 3_600_000;
const BASE = Date.parse('2026-11-02T09:17:23.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
type Env = 'test' | 'live';

interface Seeded {
  /** Expected environment of each backfilled row, by table and id. */
  expected: Record<string, Record<string, Env>>;
  /** Pre-migration rollup totals per organization. */
  rollupTotals: Record<string, { jobs: number; credits: number; confidence: number }>;
  first: number;
  last: number;
}

async function openAt013(kind: DbKind): Promise<SqlStorage> {
  const storage = await openUnmigratedDatabase(kind);
  const ran = await migrate(storage.knex, { upTo: 13 });
  expect(ran.at(-1)).toBe('013_blob_storage_external');
  return storage;
}

/** Rows as 013's schema had them, written by its code paths (no mode anywhere but jobs and keys). */
async function seed(knex: Knex): Promise<Seeded> {
  const expected: Seeded['expected'] = {
    inbound_messages: {},
    review_items: {},
    erp_syncs: {},
    outbox_events: {},
    webhook_deliveries: {},
    idempotency_keys: {},
    classification_examples: {},
  };
  const STATUSES = ['completed', 'completed', 'failed', 'queued', 'completed', 'processing', 'completed'] as const;
  let first = Infinity;
  let last = -Infinity;
  for (const org of ['org_a', 'org_b']) {
    const at = iso(BASE - 40 * 24 * HOUR);
    await knex('organizations').insert({ id: org, name: org, plan: 'pro', created_at: at });
    await knex('credit_balances').insert({ org_id: org, balance: 1000 });
    for (const env of ['live', 'test'] as const) {
      await knex('api_keys').insert({
        id: `key_${org}_${env}`,
        org_id: org,
        name: `${env} key`,
        environment: env,
        scopes: JSON.stringify(['jobs:read', 'jobs:write']),
        key_prefix: `sk_${env}_abcd`,
        key_hash: `hash_${org}_${env}`,
        created_at: at,
      });
    }
    await knex('extractors').insert({
      id: `ext_${org}`,
      org_id: org,
      name: 'Invoices',
      document_type: 'invoice',
      field_definitions: JSON.stringify([{ name: 'total', type: 'number' }]),
      created_at: at,
      updated_at: at,
      created_by: `key_${org}_live`,
      // One counter for both modes until migration 020.
      usage_count: 100,
    });
    // Jobs over several hours and days, both modes, every status; the extractor name of some changed since.
    const count = org === 'org_a' ? 60 : 23;
    const jobs: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const env: Env = i % 3 === 0 ? 'test' : 'live';
      const status = STATUSES[i % STATUSES.length]!;
      const created = BASE + i * 37 * 60_000 + (org === 'org_b' ? 11_000 : 0);
      first = Math.min(first, created);
      last = Math.max(last, created);
      const finished = status === 'completed' || status === 'failed';
      jobs.push({
        id: `job_${org}_${i}`,
        org_id: org,
        extractor_id: `ext_${org}`,
        extractor_name: i < 10 ? 'Old invoices' : 'Invoices',
        document_type: 'invoice',
        field_definitions: JSON.stringify([{ name: 'total', type: 'number' }]),
        environment: env,
        status,
        blob_key: `blob_${i % 5}`,
        mime_type: 'application/pdf',
        size_bytes: 1000 + i,
        page_count: 1,
        estimated_cost: 1,
        metadata: JSON.stringify(
          i % 4 === 1 && env === 'live' ? { source: 'email', email: { prefix: 'ap', message_id: 'msg_smtp_1' } } : {},
        ),
        extracted_data: status === 'completed' ? JSON.stringify({ total: i }) : null,
        confidence: status === 'completed' ? JSON.stringify({ total: 0.5 + (i % 50) / 100 }) : null,
        overall_confidence: status === 'completed' ? 0.5 + (i % 50) / 100 : null,
        processing_time_ms: finished ? 100 + i : null,
        cost_credits: status === 'completed' && env === 'live' ? 1 + (i % 3) : 0,
        error_details: status === 'failed' ? JSON.stringify({ code: 'unreadable_document', message: 'no text' }) : null,
        created_at: iso(created),
        started_at: status === 'queued' ? null : iso(created + 1000),
        completed_at: status === 'completed' ? iso(created + 2000) : null,
        failed_at: status === 'failed' ? iso(created + 2000) : null,
        lease_owner: status === 'processing' ? 'w1' : null,
        lease_expires_at: status === 'processing' ? iso(created + 60_000) : null,
      });
    }
    await knex('jobs').insert(jobs);
  }
  // 013's rollups, counting both modes together (what job-store.ts kept up to date then).
  await knex.raw(`insert into job_rollups (org_id, hour, extractor_id, extractor_name, status, job_count, time_sum, time_count, confidence_sum, confidence_count, credits)
    select org_id, floor(extract(epoch from created_at) * 1000 / 3600000)::bigint, extractor_id, extractor_name, status,
           count(*), coalesce(sum(processing_time_ms), 0), count(processing_time_ms), coalesce(sum(overall_confidence), 0), count(overall_confidence), coalesce(sum(cost_credits), 0)
      from jobs where status in ('completed', 'failed') group by 1, 2, 3, 4, 5`);
  await knex.raw(`insert into job_confidence_rollups (org_id, day, extractor_id, status, confidence_bucket, job_count)
    select org_id, floor(extract(epoch from created_at) * 1000 / 86400000)::bigint, extractor_id, status, coalesce(floor(overall_confidence * 100)::integer, -1), count(*)
      from jobs where status in ('completed', 'failed') group by 1, 2, 3, 4, 5`);
  const rollupTotals: Seeded['rollupTotals'] = {};
  for (const row of (
    await knex.raw(
      'select org_id, sum(job_count) as jobs, sum(credits) as credits, sum(confidence_sum) as confidence from job_rollups group by org_id',
    )
  ).rows) {
    rollupTotals[row.org_id] = {
      jobs: Number(row.jobs),
      credits: Number(row.credits),
      confidence: Number(row.confidence),
    };
  }

  // Mail: one message by SMTP, one through the test endpoint (source `test`).
  const org = 'org_a';
  const at = iso(BASE + HOUR);
  await knex('email_ingestion_configs').insert({
    prefix: 'ap',
    org_id: org,
    config: JSON.stringify({ emailPrefix: 'ap' }),
    created_at: at,
    updated_at: at,
  });
  for (const [id, source] of [
    ['msg_smtp_1', 'smtp'],
    ['msg_test_1', 'test'],
  ] as const) {
    await knex('inbound_messages').insert({
      id,
      org_id: org,
      prefix: 'ap',
      recipient: 'ap@in.example',
      size_bytes: 100,
      blob_key: `blob_${id}`,
      source,
      status: 'processed',
      received_at: at,
      processed_at: at,
    });
    expected.inbound_messages![id] = source === 'test' ? 'test' : 'live';
    const review = `rev_${id}`;
    await knex('review_items').insert({
      id: review,
      org_id: org,
      prefix: 'ap',
      message_id: id,
      attachment_index: 0,
      filename: 'scan.pdf',
      mime_type: 'application/pdf',
      size_bytes: 50,
      blob_key: `blob_att_${id}`,
      classification: JSON.stringify({ documentType: 'invoice', confidence: 0.4 }),
      classification_failed: false,
      proposed_type: 'invoice',
      status: 'pending',
      created_at: at,
    });
    expected.review_items![review] = expected.inbound_messages![id]!;
  }
  // A reviewer's decision of 013 (no mode known: mail was live then).
  const [example] = await knex('classification_examples')
    .insert({ org_id: org, document_type: 'invoice', tokens: JSON.stringify(['total']), created_at: at })
    .returning('id');
  expected.classification_examples![String(example.id ?? example)] = 'live';

  // ERP syncs of a live and of a test job.
  await knex('erp_connections').insert({
    id: 'erp_1',
    org_id: org,
    name: 'ERP',
    type: 'http',
    url: 'https://erp.example/bills',
    secret: 's',
    created_at: at,
    updated_at: at,
  });
  for (const job of ['job_org_a_1', 'job_org_a_0']) {
    const id = `sync_${job}`;
    await knex('erp_syncs').insert({
      id,
      org_id: org,
      connection_id: 'erp_1',
      job_id: job,
      prefix: 'ap',
      status: 'synced',
      record: JSON.stringify({ id: job, source: { channel: 'email', message_id: 'msg_smtp_1' } }),
      attempts: 1,
      created_at: at,
      finished_at: at,
    });
    expected.erp_syncs![id] = job === 'job_org_a_0' ? 'test' : 'live';
  }

  // Events as 013 wrote them, each delivered to one endpoint.
  await knex('webhook_endpoints').insert({
    id: 'we_1',
    org_id: org,
    url: 'https://hooks.example/in',
    events: JSON.stringify(['*']),
    secret: 'whsec',
    created_at: at,
    updated_at: at,
  });
  const events: Array<[string, string, Record<string, unknown>, Env]> = [
    ['evt_live_completed', 'job.completed', { id: 'job_org_a_1', org_id: org, status: 'completed' }, 'live'],
    ['evt_test_completed', 'job.completed', { id: 'job_org_a_0', org_id: org, status: 'completed' }, 'test'],
    ['evt_test_failed', 'job.failed', { id: 'job_org_a_9', org_id: org, status: 'failed' }, 'test'],
    [
      'evt_live_extraction',
      'extraction.completed',
      { job_id: 'job_org_a_4', message_id: 'msg_smtp_1', prefix: 'ap' },
      'live',
    ],
    ['evt_test_erp', 'erp.synced', { sync_id: 'sync_job_org_a_0', job_id: 'job_org_a_0', prefix: 'ap' }, 'test'],
    [
      'evt_smtp_received',
      'email.received',
      { message_id: 'msg_smtp_1', prefix: 'ap', source: 'smtp', attachments: [] },
      'live',
    ],
    [
      'evt_test_received',
      'email.received',
      { message_id: 'msg_test_1', prefix: 'ap', source: 'test', attachments: [] },
      'test',
    ],
    [
      'evt_test_classified',
      'document.classified',
      { message_id: 'msg_test_1', prefix: 'ap', job_id: null, review_id: 'rev_msg_test_1' },
      'test',
    ],
    ['evt_low_balance', 'credits.low_balance', { org_id: org, balance: 5 }, 'live'],
  ];
  for (const [id, event, data, env] of events) {
    await knex('outbox_events').insert({
      id,
      org_id: org,
      event,
      data: JSON.stringify(data),
      created_at: at,
      dispatched_at: at,
      notified_at: at,
      email_prefix: event.startsWith('job.') || event.startsWith('credits.') ? null : 'ap',
    });
    expected.outbox_events![id] = env;
    const delivery = `whd_${id}`;
    await knex('webhook_deliveries').insert({
      id: delivery,
      org_id: org,
      endpoint_id: 'we_1',
      event_id: id,
      event,
      status: 'succeeded',
      payload: JSON.stringify({ id, type: event, data }),
      attempt_count: 1,
      created_at: at,
      last_attempt_at: at,
    });
    expected.webhook_deliveries![delivery] = env;
  }

  // Idempotency keys of a live and a test request.
  for (const job of ['job_org_a_1', 'job_org_a_0']) {
    const key = `idem_${job}`;
    await knex('idempotency_keys').insert({ org_id: org, key, request_hash: 'h', job_id: job, created_at: at });
    expected.idempotency_keys![key] = job === 'job_org_a_0' ? 'test' : 'live';
  }
  return { expected, rollupTotals, first, last };
}

/** Sums over jobs, per organization and mode, of what the hourly rollup holds. */
async function jobTotals(
  knex: Knex,
): Promise<Record<string, { jobs: number; credits: number; confidence: number; time: number }>> {
  const { rows } =
    await knex.raw(`select org_id, environment, count(*) as jobs, coalesce(sum(cost_credits), 0) as credits, coalesce(sum(overall_confidence), 0) as confidence, coalesce(sum(processing_time_ms), 0) as time
      from jobs where status in ('completed', 'failed') group by org_id, environment`);
  return Object.fromEntries(
    rows.map((r: Record<string, unknown>) => [
      `${String(r.org_id)}/${String(r.environment)}`,
      { jobs: Number(r.jobs), credits: Number(r.credits), confidence: Number(r.confidence), time: Number(r.time) },
    ]),
  );
}

for (const kind of DB_KINDS) {
  describe(`migration 014 upgrading a 013 database with data (${kind})`, () => {
    let storage: SqlStorage | undefined;
    afterEach(async () => {
      await storage?.close();
      storage = undefined;
    });

    it('gives every existing row its mode and rebuilds the rollups per mode, which the stores then read', async () => {
      storage = await openAt013(kind);
      const knex = storage.knex;
      const seeded = await seed(knex);

      expect(await storage.migrate()).toEqual([
        '014_modes',
        '015_dashboard_sessions',
        '016_review_corrections',
        '017_review_queue_jobs',
        '018_documents_register',
        '019_imap_mailboxes',
        '020_reprocess_and_document_text',
        '021_sender_authentication',
        '022_vendor_payment_details',
        '023_daemons',
      ]);

      // 020: the test jobs still stored moved from the shared counter to the test one.
      for (const org of ['org_a', 'org_b']) {
        const { rows: tested } = await knex.raw(
          `select count(*) as n from jobs where org_id = ? and environment = 'test' and status = 'completed'`,
          [org],
        );
        const n = Number(tested[0].n);
        expect(n).toBeGreaterThan(0);
        expect(
          await knex('extractors')
            .where({ id: `ext_${org}` })
            .first('usage_count', 'test_usage_count'),
        ).toEqual({
          usage_count: 100 - n,
          test_usage_count: n,
        });
      }

      // Every backfilled row says the mode of what it records.
      for (const [table, byId] of Object.entries(seeded.expected)) {
        const idColumn = table === 'idempotency_keys' ? 'key' : 'id';
        const rows: Array<{ id: unknown; environment: Env }> = await knex(table).select({
          id: idColumn,
          environment: 'environment',
        });
        const actual = Object.fromEntries(rows.map((r) => [String(r.id), r.environment]));
        expect({ table, actual }).toEqual({ table, actual: byId });
      }

      // Rollups: per organization the same totals as before, split by mode exactly as the jobs are.
      const fromJobs = await jobTotals(knex);
      const { rows: rolled } =
        await knex.raw(`select org_id, environment, sum(job_count) as jobs, sum(credits) as credits, sum(confidence_sum) as confidence, sum(time_sum) as time
          from job_rollups group by org_id, environment`);
      const byMode = Object.fromEntries(
        rolled.map((r: Record<string, unknown>) => [
          `${String(r.org_id)}/${String(r.environment)}`,
          { jobs: Number(r.jobs), credits: Number(r.credits), confidence: Number(r.confidence), time: Number(r.time) },
        ]),
      );
      expect(Object.keys(byMode).sort()).toEqual(['org_a/live', 'org_a/test', 'org_b/live', 'org_b/test']);
      for (const [key, totals] of Object.entries(fromJobs)) {
        expect(byMode[key]!.jobs).toBe(totals.jobs);
        expect(byMode[key]!.credits).toBe(totals.credits);
        expect(byMode[key]!.time).toBe(totals.time);
        expect(byMode[key]!.confidence).toBeCloseTo(totals.confidence, 9);
      }
      for (const [org, before] of Object.entries(seeded.rollupTotals)) {
        expect(byMode[`${org}/live`]!.jobs + byMode[`${org}/test`]!.jobs).toBe(before.jobs);
        expect(byMode[`${org}/live`]!.credits + byMode[`${org}/test`]!.credits).toBe(before.credits);
        expect(byMode[`${org}/live`]!.confidence + byMode[`${org}/test`]!.confidence).toBeCloseTo(before.confidence, 9);
      }
      const { rows: buckets } = await knex.raw(
        'select org_id, environment, sum(job_count) as jobs from job_confidence_rollups group by org_id, environment',
      );
      for (const r of buckets) expect(Number(r.jobs)).toBe(fromJobs[`${r.org_id}/${r.environment}`]!.jobs);

      // The stores read the migrated data per mode, through the rollups (whole hours inside the range).
      const range = { created_after: iso(seeded.first - 2 * HOUR), created_before: iso(seeded.last + 2 * HOUR) };
      for (const org of ['org_a', 'org_b']) {
        for (const mode of ['live', 'test'] as const) {
          const { rows: counted } = await knex.raw(
            `select count(*) as all, count(*) filter (where status = 'completed') as completed, count(*) filter (where status = 'failed') as failed,
                    count(*) filter (where status = 'queued') as queued, count(*) filter (where overall_confidence >= 0.8) as confident
               from jobs where org_id = ? and environment = ?`,
            [org, mode],
          );
          const expectCount = (column: string) => Number(counted[0][column]);
          const page = await storage.jobs.list(org, mode, range, { limit: 200, offset: 0 });
          expect(page.total).toBe(expectCount('all'));
          expect(page.items.length).toBe(expectCount('all'));
          expect(page.items.every((j) => j.environment === mode && j.org_id === org)).toBe(true);
          expect(
            (await storage.jobs.list(org, mode, { ...range, status: 'completed' }, { limit: 1, offset: 0 })).total,
          ).toBe(expectCount('completed'));
          expect(
            (await storage.jobs.list(org, mode, { ...range, min_confidence: 0.8 }, { limit: 1, offset: 0 })).total,
          ).toBe(expectCount('confident'));
          const stats = await storage.jobs.stats(org, mode, iso(seeded.first - 3 * HOUR));
          expect(stats.total_jobs).toBe(expectCount('all'));
          expect(stats.completed_jobs).toBe(expectCount('completed'));
          expect(stats.failed_jobs).toBe(expectCount('failed'));
          expect(stats.queued_jobs).toBe(expectCount('queued'));
          expect(stats.total_credits_used).toBe(fromJobs[`${org}/${mode}`]!.credits);
          expect((await storage.apiKeys.list(org, mode, { limit: 10, offset: 0 })).items.map((k) => k.id)).toEqual([
            `key_${org}_${mode}`,
          ]);
        }
      }
      const ids = (page: { items: Array<{ id: string }> }) => page.items.map((i) => i.id).sort();
      expect(ids(await storage.inboundMessages.list('org_a', 'test', {}, { limit: 10, offset: 0 }))).toEqual([
        'msg_test_1',
      ]);
      expect(ids(await storage.inboundMessages.list('org_a', 'live', {}, { limit: 10, offset: 0 }))).toEqual([
        'msg_smtp_1',
      ]);
      expect(ids(await storage.triageItems.list('org_a', 'test', {}, { limit: 10, offset: 0 }))).toEqual([
        'rev_msg_test_1',
      ]);
      expect(ids(await storage.erp.listSyncs('org_a', 'live', {}, { limit: 10, offset: 0 }))).toEqual([
        'sync_job_org_a_1',
      ]);
      const expectedDeliveries = (mode: Env) =>
        Object.entries(seeded.expected.webhook_deliveries!)
          .filter(([, e]) => e === mode)
          .map(([id]) => id)
          .sort();
      expect(ids(await storage.webhooks.listDeliveries('org_a', 'test', {}, { limit: 20, offset: 0 }))).toEqual(
        expectedDeliveries('test'),
      );
      expect(ids(await storage.webhooks.listDeliveries('org_a', 'live', {}, { limit: 20, offset: 0 }))).toEqual(
        expectedDeliveries('live'),
      );

      // The same Idempotency-Key is now a separate request in the other mode.
      await knex('idempotency_keys').insert({
        org_id: 'org_a',
        environment: 'live',
        key: 'idem_job_org_a_0',
        request_hash: 'other',
        job_id: 'job_org_a_1',
        created_at: iso(BASE),
      });
      expect(Number((await knex('idempotency_keys').where({ key: 'idem_job_org_a_0' }).count({ n: '*' }))[0]!.n)).toBe(
        2,
      );
    });
  });
}
