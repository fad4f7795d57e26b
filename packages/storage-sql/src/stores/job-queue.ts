import type { Knex } from 'knex';
import type { JobRecord } from '@intake/core';
import type { ClaimOptions } from '@intake/core/ports';
import { fromJobRow } from './job-rows.js';
import { toNumber, type Row } from './normalize.js';

/** How many jobs one claim may skip (blocked for want of credits) before giving up until the next poll. */
const MAX_SKIPS = 10;

/**
 * Takes the next runnable job for a worker. Each candidate is locked alone with FOR UPDATE SKIP
 * LOCKED (locking several to take one would hide the rest from concurrent workers), so workers in
 * any daemon never take the same job. Expired leases come first: those jobs have waited longest. A
 * live job its organization cannot pay for is marked blocked, which takes it out of the next select.
 */
export async function claimJob(knex: Knex, options: ClaimOptions): Promise<JobRecord | null> {
  const now = options.now.toISOString();
  return knex.transaction(async (trx) => {
    for (let skipped = 0; skipped <= MAX_SKIPS; skipped++) {
      const expired = await trx.raw<{ rows: Row[] }>(
        `select * from jobs where status = 'processing' and lease_expires_at < ? and attempts < ?
         order by lease_expires_at limit 1 for update skip locked`,
        [now, options.maxAttempts],
      );
      const row =
        expired.rows[0] ??
        (
          await trx.raw<{ rows: Row[] }>(
            `select * from jobs where status = 'queued' and not blocked_on_credits
             order by priority desc, created_at, id limit 1 for update skip locked`,
          )
        ).rows[0];
      if (!row) return null;
      const job = fromJobRow(row);
      const reserved = await reserveCredits(trx, job);
      if (reserved === null) {
        await trx('jobs').where({ id: job.id }).update({ blocked_on_credits: true });
        continue;
      }
      const leaseUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
      const [updated] = await trx<Row>('jobs')
        .where({ id: job.id })
        .update({
          status: 'processing',
          lease_owner: options.workerId,
          lease_expires_at: leaseUntil,
          attempts: trx.raw('attempts + 1'),
          started_at: trx.raw('coalesce(started_at, ?::timestamptz)', [now]),
          reserved_credits: reserved,
          blocked_on_credits: false,
        })
        .returning('*');
      return fromJobRow(updated!);
    }
    return null;
  });
}

/**
 * The credits a live job holds while it runs: its estimate, reserved against the organization's
 * balance minus what other running jobs hold. The balance row is locked first, so a concurrent
 * top-up either happens before (and is seen) or waits and then unblocks the job. Returns null when
 * the organization cannot cover the job.
 */
async function reserveCredits(trx: Knex.Transaction, job: JobRecord): Promise<number | null> {
  // A reprocessing is free (docs/decisions/reprocess-charging.md): nothing to hold.
  if (job.environment !== 'live' || job.estimated_cost === 0 || job.reprocess_requested_at) return 0;
  if (job.reserved_credits > 0) return job.reserved_credits;
  await trx.raw('insert into credit_balances (org_id, balance) values (?, 0) on conflict (org_id) do nothing', [
    job.org_id,
  ]);
  const balance = (await trx<Row>('credit_balances')
    .where({ org_id: job.org_id })
    .forUpdate()
    .first('balance', 'reserved'))!;
  if (toNumber(balance.balance) - toNumber(balance.reserved) < job.estimated_cost) return null;
  await trx('credit_balances')
    .where({ org_id: job.org_id })
    .update({ reserved: trx.raw('reserved + ?', [job.estimated_cost]) });
  return job.estimated_cost;
}

/** Gives a job's reservation back to its organization. */
export async function releaseCredits(trx: Knex.Transaction | Knex, orgId: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await trx('credit_balances')
    .where({ org_id: orgId })
    .update({ reserved: trx.raw('greatest(reserved - ?, 0)', [amount]) });
}
