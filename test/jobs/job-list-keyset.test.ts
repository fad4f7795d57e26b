/**
 * The job list's keyset paging on both databases, at a scale the suite affords (5,000 jobs; the
 * million-row measurement is test/bench/jobs/paging.ts): a page 4,000 deep by cursor reads about
 * as many index entries as the first page, by offset it walks all 4,000. Counts of rows read from
 * EXPLAIN ANALYZE, never times: the property is the ratio of entries read, which 4,000 against a
 * page of 26 shows as well as 15,000 did (20,000 rows cost 12 CPU s on PGlite alone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntake } from '@intake/core';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/databases.js';
import { explainListPage, insertJobRows, positionAt } from '../support/job-pages.js';

const ROWS = 5_000;
const DEPTH = 4_000;
const LIMIT = 26; // a dashboard page of 25 plus the one that says whether there is a next page

describe.each(DB_KINDS)('job list keyset paging on %s', (kind) => {
  let db: TestDatabase;
  let orgId: string;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    ({ orgId } = await insertJobRows(db.storage.knex, createIntake({ stores: db.storage }), ROWS));
  }, 120_000);
  afterAll(() => db?.close());

  it('starts a deep page at its position through the list index: entries read stay near the page size', async () => {
    const first = await explainListPage(db.storage, orgId, 'live', {}, { limit: LIMIT, offset: 0 });
    const after = await positionAt(db.storage.knex, orgId, 'live', DEPTH);
    const byCursor = await explainListPage(db.storage, orgId, 'live', {}, { limit: LIMIT, offset: 0, after });
    const byOffset = await explainListPage(db.storage, orgId, 'live', {}, { limit: LIMIT, offset: DEPTH });
    process.stderr.write(
      `${kind}: rows read page 1 ${first.rowsRead}, depth ${DEPTH} by cursor ${byCursor.rowsRead}, by offset ${byOffset.rowsRead}; buffers ${first.buffers} / ${byCursor.buffers} / ${byOffset.buffers}\n`,
    );
    // The same jobs either way.
    expect(byCursor.ids).toEqual(byOffset.ids);
    expect(byCursor.ids).toHaveLength(LIMIT);
    // An index scan starting at the position (the planner picks which created_at index).
    expect(
      byCursor.indexes.some((i) => i.startsWith('jobs_')),
      byCursor.text,
    ).toBe(true);
    expect(byCursor.rowsRead, byCursor.text).toBeLessThanOrEqual(first.rowsRead + LIMIT);
    expect(byOffset.rowsRead).toBeGreaterThan(DEPTH);
    // The total comes from the rollups, whatever the depth.
    expect((await db.storage.jobs.list(orgId, 'live', {}, { limit: 1, offset: 0, after })).total).toBe(ROWS);
  });

  it('does the same under a status filter', async () => {
    const filter = { status: 'failed' as const };
    const first = await explainListPage(db.storage, orgId, 'live', filter, { limit: LIMIT, offset: 0 });
    // 400 deep among the 500 failed jobs.
    const after = await positionAt(db.storage.knex, orgId, 'live', 400, filter);
    const byCursor = await explainListPage(db.storage, orgId, 'live', filter, { limit: LIMIT, offset: 0, after });
    const byOffset = await explainListPage(db.storage, orgId, 'live', filter, { limit: LIMIT, offset: 400 });
    expect(byCursor.ids).toEqual(byOffset.ids);
    expect(byCursor.ids).toHaveLength(LIMIT);
    expect(byCursor.rowsRead, byCursor.text).toBeLessThanOrEqual(first.rowsRead + LIMIT);
    expect(byOffset.rowsRead).toBeGreaterThan(400);
  });
});
