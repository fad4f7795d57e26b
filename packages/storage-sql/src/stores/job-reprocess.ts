import type { Knex } from 'knex';
import type { Environment } from '@intake/core';
import { resultOf } from '@intake/core/jobs';
import { type IdempotencyClaim, type ReprocessRequestResult, type ResultVersion } from '@intake/core/ports';
import { fromJobRow } from './job-rows.js';
import { adjustRollups } from './job-stats.js';
import { fromJson, toIso, toJson, toNumber, type Row } from './normalize.js';

/**
 * The most of a document's text that becomes search terms. A tsvector holds at most 1 MB; the
 * stripped terms of 500,000 characters of real text (about 150 pages) stay far below it.
 */
const MAX_SEARCH_TEXT_CHARS = 500_000;

/**
 * The document's words as search terms: cut as the register's values are (anything but letters and
 * digits separates words), `simple` configuration, stripped of positions.
 */
export const documentWords = (knex: Knex, text: string): Knex.Raw =>
  knex.raw(`strip(to_tsvector('simple'::regconfig, regexp_replace(?, '[[:space:][:punct:]]+', ' ', 'g')))`, [
    text.slice(0, MAX_SEARCH_TEXT_CHARS),
  ]);

type KeyCheck = 'new' | 'replayed' | 'conflict';

/** The Idempotency-Key's state for this request (expired records are forgotten first). */
async function checkKey(
  trx: Knex.Transaction,
  orgId: string,
  mode: Environment,
  idempotency: IdempotencyClaim,
): Promise<KeyCheck> {
  const slot = { org_id: orgId, environment: mode, key: idempotency.key };
  await trx('idempotency_keys').where(slot).andWhere('created_at', '<', idempotency.notBefore).delete();
  const existing = await trx<Row>('idempotency_keys').where(slot).first();
  if (!existing) return 'new';
  return existing.request_hash === idempotency.requestHash ? 'replayed' : 'conflict';
}

/** See JobStore.requestReprocess. The job's row lock orders two requests for one job. */
export function requestReprocess(
  knex: Knex,
  orgId: string,
  mode: Environment,
  id: string,
  request: { at: string; maxVersions: number; idempotency?: IdempotencyClaim },
): Promise<ReprocessRequestResult> {
  return knex.transaction(async (trx): Promise<ReprocessRequestResult> => {
    const row = await trx<Row>('jobs').where({ org_id: orgId, environment: mode, id }).forUpdate().first();
    if (!row) return { outcome: 'not_found' };
    const job = fromJobRow(row);
    const key = request.idempotency ? await checkKey(trx, orgId, mode, request.idempotency) : 'new';
    if (key === 'replayed') return { outcome: 'replayed', job };
    if (key === 'conflict') return { outcome: 'idempotency_conflict' };
    if (job.status !== 'completed' && job.status !== 'failed') return { outcome: 'running', job };
    const version = job.result_version ?? 1;
    if (version >= request.maxVersions) return { outcome: 'limit', job };
    if (request.idempotency) {
      const claimed = await trx('idempotency_keys')
        .insert({
          org_id: orgId,
          environment: mode,
          key: request.idempotency.key,
          request_hash: request.idempotency.requestHash,
          job_id: id,
          created_at: request.at,
        })
        .onConflict(['org_id', 'environment', 'key'])
        .ignore()
        .returning('key');
      // Another job's request with the same key committed meanwhile.
      if (claimed.length === 0) return { outcome: 'idempotency_conflict' };
    }
    await trx('job_result_versions').insert({
      job_id: id,
      version,
      replaced_at: request.at,
      result: toJson(resultOf(job)),
    });
    const [updated] = await trx<Row>('jobs')
      .where({ id })
      .update({
        status: 'queued',
        attempts: 0,
        result_version: version + 1,
        reprocess_requested_at: request.at,
        needs_review: (job.review_flags ?? []).length > 0,
        reviewed_at: null,
        review_outcome: null,
        error_details: null,
        started_at: null,
        completed_at: null,
        failed_at: null,
        blocked_on_credits: false,
      })
      .returning('*');
    // The finished job leaves the statistics until it finishes again.
    await adjustRollups(trx, [job], -1);
    return { outcome: 'queued', job: fromJobRow(updated!) };
  });
}

/** See JobStore.resultVersions. */
export async function resultVersions(
  knex: Knex,
  orgId: string,
  mode: Environment,
  id: string,
): Promise<ResultVersion[]> {
  const rows: Row[] = await knex('job_result_versions as v')
    .join('jobs as j', 'j.id', 'v.job_id')
    .where({ 'j.org_id': orgId, 'j.environment': mode, 'v.job_id': id })
    .orderBy('v.version')
    .select('v.version', 'v.replaced_at', 'v.result');
  return rows.map((r) => ({
    ...fromJson<Omit<ResultVersion, 'version' | 'replaced_at'>>(r.result),
    version: toNumber(r.version),
    replaced_at: toIso(r.replaced_at),
  }));
}
