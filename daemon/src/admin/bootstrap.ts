import type { CreatedOrganization, Intake } from '@intake/core';
import type { SqlStorage } from '@intake/storage-sql';

/** Serialises first-start bootstrap across daemons starting together on one PostgreSQL. */
const BOOTSTRAP_LOCK_KEY = 7_215_031_002;

/**
 * On the first start with an empty database, creates a default organization so a newcomer can call
 * the API at once. Returns its keys (to print once), or null when organizations already exist.
 */
export async function bootstrapDefaultOrganization(
  intake: Intake,
  storage: SqlStorage,
  name: string,
): Promise<CreatedOrganization | null> {
  return storage.exclusive(BOOTSTRAP_LOCK_KEY, async () => {
    if ((await intake.organizations.count()) > 0) return null;
    const created = await intake.organizations.create({ name, plan: 'business' });
    return { org_id: created.org_id, live_key: created.live_key, test_key: created.test_key };
  });
}
