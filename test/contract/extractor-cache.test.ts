/**
 * The extractor read cache on PostgreSQL, with two storages (two pools: two "daemons") on one
 * database. Each test first proves that the reader really serves from memory (a write made behind
 * Intake's back, without a notification, stays unseen), so that seeing Intake's own writes proves
 * the invalidation, not the absence of a cache.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createIntake, type Extractor } from '@intake/core';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import { createPostgresDatabase } from '../support/databases.js';
import { invoiceExtractor } from '../support/fixtures.js';
import { eventually } from '../support/wait.js';

const opened: SqlStorage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

async function open(databaseUrl: string, extractorCache?: { retryMs?: number }): Promise<SqlStorage> {
  const storage = await createSqlStorage({
    kind: 'postgres',
    databaseUrl,
    migrate: false,
    ...(extractorCache ? { extractorCache } : {}),
  });
  opened.push(storage);
  return storage;
}

const listening = (...storages: SqlStorage[]) =>
  eventually('the extractor listeners are connected', () => storages.every((s) => s.extractorCache.active));

/** Two daemons on one fresh database, both listening, and an extractor that `reader` has cached. */
async function twoDaemons(retryMs: { writer?: number; reader?: number } = {}) {
  const databaseUrl = await createPostgresDatabase();
  const writer = await open(databaseUrl, retryMs.writer === undefined ? undefined : { retryMs: retryMs.writer });
  const reader = await open(databaseUrl, retryMs.reader === undefined ? undefined : { retryMs: retryMs.reader });
  const intake = createIntake({ stores: writer });
  const org = await intake.organizations.create({ name: 'Cache', plan: 'starter' });
  const extractor = await intake.extractors.create(org.org_id, invoiceExtractor('Original'), 'admin');
  await listening(writer, reader);
  const read = (storage: SqlStorage): Promise<Extractor | null> => storage.extractors.get(org.org_id, extractor.id);
  expect((await read(reader))?.name).toBe('Original');
  /** Changes the row without going through Intake: no notification is sent. */
  const silently = (name: string) => writer.knex('extractors').where({ id: extractor.id }).update({ name });
  await silently('Silent');
  expect((await read(reader))?.name, 'the reader serves the extractor from memory').toBe('Original');
  return { writer, reader, orgId: org.org_id, id: extractor.id, read, silently };
}

describe('extractor cache shared by daemons on one PostgreSQL database', () => {
  it('an update through one daemon reaches the other; the writer reads its own write at once', async () => {
    const { writer, reader, orgId, id, read } = await twoDaemons();
    expect((await read(writer))?.name).toBe('Silent');
    await writer.extractors.update(orgId, id, { name: 'Renamed', updated_at: new Date().toISOString() });
    expect((await read(writer))?.name).toBe('Renamed');
    await eventually('the reader sees the rename', async () => (await read(reader))?.name === 'Renamed');
  });

  it('a delete through one daemon reaches the other', async () => {
    const { writer, reader, orgId, id, read } = await twoDaemons();
    expect(await writer.extractors.delete(orgId, id, new Date().toISOString())).toBe(true);
    expect(await read(writer)).toBeNull();
    await eventually('the reader no longer finds the deleted extractor', async () => (await read(reader)) === null);
  });

  it('a write inside a transaction is announced at commit; one that rolls back changes nothing', async () => {
    const { writer, reader, orgId, id, read } = await twoDaemons();
    const before = (await read(reader))!.usage_count;
    await writer.transaction((tx) => tx.extractors.incrementUsage(orgId, id));
    expect((await read(writer))?.usage_count).toBe(before + 1);
    await eventually(
      'the reader sees the new usage count',
      async () => (await read(reader))?.usage_count === before + 1,
    );

    await expect(
      writer.transaction(async (tx) => {
        await tx.extractors.update(orgId, id, { name: 'Rolled back', updated_at: new Date().toISOString() });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await read(writer))?.name).toBe('Silent');
    expect((await read(reader))?.name).toBe('Silent');
  });

  it('while its listener is down a daemon reads the database; listening again, it is coherent again', async () => {
    // The reader does not reconnect within the test; the writer reconnects after 2 s.
    const { writer, reader, orgId, id, read, silently } = await twoDaemons({ reader: 600_000, writer: 2000 });
    await writer.knex.raw(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'intake-extractor-listener' and datname = current_database()`,
    );
    await eventually(
      'both notice their listeners are gone',
      () => !reader.extractorCache.active && !writer.extractorCache.active,
    );

    // Bypassed: neither served from memory nor filled, whatever is written and however.
    expect((await read(reader))?.name).toBe('Silent');
    await silently('Silent again');
    expect((await read(reader))?.name).toBe('Silent again');

    // The writer listens again: it caches, and sees the reader's (announced) writes.
    await listening(writer);
    expect((await read(writer))?.name).toBe('Silent again');
    await silently('Unannounced');
    expect((await read(writer))?.name, 'the writer serves from memory again').toBe('Silent again');
    await reader.extractors.update(orgId, id, { name: 'From the reader', updated_at: new Date().toISOString() });
    await eventually(
      'the writer sees the reader’s update',
      async () => (await read(writer))?.name === 'From the reader',
    );
  });
});
