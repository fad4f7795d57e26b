import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEmailIngestionConfig } from '../email/prefixes/email-ingestion-config.js';
import { EmailIngestionConfigInputSchema } from '../email/prefixes/email-ingestion-config.schema.js';
import { makeOrg, type StoreHarness } from './store-contract.js';

let counter = 0;
const uniquePrefix = () => `contract-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const makeEmailIngestionConfig = (
  orgId: string,
  overrides: Partial<StoredEmailIngestionConfig> = {},
): StoredEmailIngestionConfig => {
  const prefix = overrides.prefix ?? uniquePrefix();
  return {
    org_id: orgId,
    prefix,
    config: EmailIngestionConfigInputSchema.parse({
      emailPrefix: prefix,
      defaultDocumentType: 'vendor_bill',
      routingRules: [
        { condition: { type: 'subject_matches', pattern: '(?i)urgent' }, action: { priority: 'critical' } },
      ],
      webhooks: { url: 'https://hooks.example/x', secret: 's', events: ['email.received'] },
    }),
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
};

/** The behaviour of every `EmailIngestionStore`: prefixes are one namespace across organizations. */
export function describeEmailIngestionStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`email ingestion store contract: ${name}`, () => {
    let harness: StoreHarness;
    beforeAll(async () => {
      harness = await open();
    });
    afterAll(async () => harness?.close());

    const twoOrgs = async () => {
      const a = makeOrg();
      const b = makeOrg();
      await harness.stores.organizations.insert(a);
      await harness.stores.organizations.insert(b);
      return [a.id, b.id] as const;
    };

    it('round-trips a configuration with nested settings, and scopes reads to the organization', async () => {
      const s = harness.stores.emailIngestion;
      const [a, b] = await twoOrgs();
      const record = makeEmailIngestionConfig(a);
      expect(await s.insert(record)).toEqual({ outcome: 'inserted' });
      expect(await s.get(a, record.prefix)).toEqual(record);
      expect(await s.get(b, record.prefix)).toBeNull();
      expect(await s.findByPrefix(record.prefix)).toEqual(record);
      expect(await s.findByPrefix('contract-missing')).toBeNull();
    });

    it('keeps a prefix unique across organizations', async () => {
      const s = harness.stores.emailIngestion;
      const [a, b] = await twoOrgs();
      const record = makeEmailIngestionConfig(a);
      await s.insert(record);
      expect(await s.insert({ ...record, org_id: b })).toEqual({ outcome: 'prefix_taken' });
      expect(await s.insert(record)).toEqual({ outcome: 'prefix_taken' });
      expect((await s.get(a, record.prefix))?.org_id).toBe(a);
      const racing = makeEmailIngestionConfig(a);
      const outcomes = await Promise.all([s.insert(racing), s.insert({ ...racing, org_id: b })]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['inserted', 'prefix_taken']);
    });

    it("lists newest first with the prefix breaking ties, only the organization's own", async () => {
      const s = harness.stores.emailIngestion;
      const [a, b] = await twoOrgs();
      const t = '2026-02-01T00:00:00.000Z';
      const older = makeEmailIngestionConfig(a, { created_at: '2026-01-15T00:00:00.000Z' });
      const x = makeEmailIngestionConfig(a, { prefix: `${uniquePrefix()}-a`, created_at: t });
      const y = makeEmailIngestionConfig(a, { prefix: `${x.prefix.slice(0, -2)}-b`, created_at: t });
      for (const r of [older, y, x]) await s.insert(r);
      await s.insert(makeEmailIngestionConfig(b));
      expect((await s.list(a)).map((r) => r.prefix)).toEqual([y.prefix, x.prefix, older.prefix]);
    });

    it('updates and deletes only within the organization', async () => {
      const s = harness.stores.emailIngestion;
      const [a, b] = await twoOrgs();
      const record = makeEmailIngestionConfig(a);
      await s.insert(record);
      const changed = { ...record.config, isActive: false, routingRules: [] };
      expect(await s.update(b, record.prefix, changed, '2026-03-01T00:00:00.000Z')).toBeNull();
      const updated = await s.update(a, record.prefix, changed, '2026-03-01T00:00:00.000Z');
      expect(updated).toEqual({ ...record, config: changed, updated_at: '2026-03-01T00:00:00.000Z' });
      expect(await s.get(a, record.prefix)).toEqual(updated);
      expect(await s.delete(b, record.prefix)).toBe(false);
      expect(await s.delete(a, record.prefix)).toBe(true);
      expect(await s.delete(a, record.prefix)).toBe(false);
      expect(await s.get(a, record.prefix)).toBeNull();
      expect(await s.insert({ ...record, org_id: b })).toEqual({ outcome: 'inserted' });
    });
  });
}
