import type { Knex } from 'knex';
import type { Environment } from '@intake/core';
import { toIsoOrNull, toNumber, type Row } from './stores/normalize.js';
import { DAEMON_RUNNING_WITHIN_MS, readDaemons, type DaemonRecord } from './daemon-registry.js';

/** The queue of one mode: jobs waiting and running, and how long the oldest waiting one has waited. */
export interface QueueStatus {
  queued: number;
  processing: number;
  /** Of the queued jobs, those waiting for their organization's credits. */
  blocked_on_credits: number;
  oldest_queued_at: string | null;
}

/** An endpoint whose deliveries are failing: retries pending after a failed attempt, or given up on lately. */
export interface FailingEndpoint {
  id: string;
  org_id: string;
  url: string;
  is_active: boolean;
  /** Deliveries waiting for a retry after a failed attempt. */
  retrying: number;
  /** Deliveries that failed for good in the last 24 hours. */
  failed_24h: number;
  last_attempt_at: string | null;
}

/** An operator's view of one database, across organizations (`intake status`). */
export interface OperationsStatus {
  queue: Record<Environment, QueueStatus>;
  failing_webhook_endpoints: FailingEndpoint[];
  /** Email attachments waiting for a person to classify them, and documents flagged for review, per mode. */
  pending_reviews: Record<Environment, { classification: number; documents: number }>;
  credits: { org_id: string; name: string; balance: number; reserved: number }[];
  /** The daemons running on the database: those whose heartbeat is under a minute old, oldest start first. */
  daemons: DaemonRecord[];
}

const MODES: Environment[] = ['test', 'live'];
const DAY_MS = 86_400_000;

/** Reads the status in one snapshot (a repeatable-read transaction on PostgreSQL). */
export async function readOperationsStatus(knex: Knex, now: Date): Promise<OperationsStatus> {
  return knex.transaction(
    async (trx) => {
      const jobs = await trx.raw<{ rows: Row[] }>(
        `select environment, status, count(*) as n, count(*) filter (where blocked_on_credits) as blocked,
                min(created_at) as oldest
         from jobs where status in ('queued', 'processing') group by environment, status`,
      );
      const documents = await trx.raw<{ rows: Row[] }>(
        `select environment, count(*) as n from jobs where needs_review and status = 'completed' group by environment`,
      );
      const classification = await trx.raw<{ rows: Row[] }>(
        `select environment, count(*) as n from review_items where status = 'pending' group by environment`,
      );
      const failing = await trx.raw<{ rows: Row[] }>(
        `select e.id, e.org_id, e.url, e.is_active,
                count(*) filter (where d.status = 'pending') as retrying,
                count(*) filter (where d.status = 'failed') as failed,
                max(d.last_attempt_at) as last_attempt_at
         from webhook_endpoints e join webhook_deliveries d on d.endpoint_id = e.id
         where (d.status = 'pending' and d.attempt_count > 0) or (d.status = 'failed' and d.last_attempt_at >= ?)
         group by e.id, e.org_id, e.url, e.is_active order by e.org_id, e.id`,
        [new Date(now.getTime() - DAY_MS).toISOString()],
      );
      const credits = await trx.raw<{ rows: Row[] }>(
        `select o.id, o.name, coalesce(b.balance, 0) as balance, coalesce(b.reserved, 0) as reserved
         from organizations o left join credit_balances b on b.org_id = o.id order by o.created_at, o.id`,
      );
      const daemons = await readDaemons(trx, new Date(now.getTime() - DAEMON_RUNNING_WITHIN_MS));
      return {
        queue: Object.fromEntries(MODES.map((mode) => [mode, queueOf(jobs.rows, mode)])) as Record<
          Environment,
          QueueStatus
        >,
        failing_webhook_endpoints: failing.rows.map((r) => ({
          id: String(r.id),
          org_id: String(r.org_id),
          url: String(r.url),
          is_active: Boolean(r.is_active),
          retrying: toNumber(r.retrying),
          failed_24h: toNumber(r.failed),
          last_attempt_at: toIsoOrNull(r.last_attempt_at),
        })),
        pending_reviews: Object.fromEntries(
          MODES.map((mode) => [
            mode,
            { classification: countFor(classification.rows, mode), documents: countFor(documents.rows, mode) },
          ]),
        ) as Record<Environment, { classification: number; documents: number }>,
        credits: credits.rows.map((r) => ({
          org_id: String(r.id),
          name: String(r.name),
          balance: toNumber(r.balance),
          reserved: toNumber(r.reserved),
        })),
        daemons,
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

function queueOf(rows: Row[], mode: Environment): QueueStatus {
  const of = (status: string) => rows.find((r) => r.environment === mode && r.status === status);
  const queued = of('queued');
  return {
    queued: toNumber(queued?.n ?? 0),
    processing: toNumber(of('processing')?.n ?? 0),
    blocked_on_credits: toNumber(queued?.blocked ?? 0),
    oldest_queued_at: toIsoOrNull(queued?.oldest ?? null),
  };
}

const countFor = (rows: Row[], mode: Environment) => toNumber(rows.find((r) => r.environment === mode)?.n ?? 0);
