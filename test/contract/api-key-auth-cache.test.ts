/**
 * ApiKeyService's cache of checked keys: concurrent requests with one key share one lookup, and a
 * revocation is never undone by a lookup that was still in flight when it happened.
 */
import { describe, expect, it } from 'vitest';
import { createIntake } from '@intake/core';
import { createMemoryStores } from '@intake/core/testing';

/** Memory stores whose key lookups wait until `release()`, counted. */
async function gatedIntake() {
  const stores = createMemoryStores();
  const intake = createIntake({ stores });
  const org = await intake.organizations.create({ name: 'Auth', plan: 'starter' });
  const findByHash = stores.apiKeys.findByHash.bind(stores.apiKeys);
  let gate: Promise<void> = Promise.resolve();
  let release = () => {};
  const lookups = { count: 0 };
  stores.apiKeys.findByHash = async (hash) => {
    lookups.count++;
    const found = await findByHash(hash);
    await gate;
    return found;
  };
  const hold = () => {
    gate = new Promise((resolve) => (release = resolve));
  };
  return { intake, org, lookups, hold, release: () => release() };
}

describe('API key authentication cache', () => {
  it('concurrent requests with one uncached key make one lookup', async () => {
    const { intake, org, lookups, hold, release } = await gatedIntake();
    hold();
    const all = Promise.all(Array.from({ length: 20 }, () => intake.apiKeys.authenticate(`Bearer ${org.live_key}`)));
    release();
    const auths = await all;
    expect(new Set(auths.map((a) => a.orgId))).toEqual(new Set([org.org_id]));
    expect(lookups.count).toBe(1);
    await intake.apiKeys.authenticate(`Bearer ${org.live_key}`);
    expect(lookups.count, 'then served from the cache').toBe(1);
  });

  it('a key revoked while its lookup is in flight is refused by every later request', async () => {
    const { intake, org, hold, release } = await gatedIntake();
    const keyId = (await intake.apiKeys.authenticate(`Bearer ${org.live_key}`)).keyId;
    // Uncached again (a revocation of another key of the organization would do the same).
    intake.apiKeys.forgetOrganization(org.org_id);
    hold();
    const inFlight = intake.apiKeys.authenticate(`Bearer ${org.live_key}`);
    await intake.apiKeys.revoke(org.org_id, keyId);
    const afterRevoke = intake.apiKeys.authenticate(`Bearer ${org.live_key}`);
    release();
    // The lookup that started before the revocation read the key as valid: that request passes...
    await expect(inFlight).resolves.toMatchObject({ keyId });
    // ...but neither a request made after the revocation, nor any later one, may reuse its answer.
    await expect(afterRevoke).rejects.toMatchObject({ code: 'invalid_api_key' });
    await expect(intake.apiKeys.authenticate(`Bearer ${org.live_key}`)).rejects.toMatchObject({
      code: 'invalid_api_key',
    });
  });
});
