import { createRandomIds, type IdGenerator } from './shared/ids.js';
import { systemClock, type Clock } from './ports/clock.port.js';
import type { ApiKeyStore } from './ports/api-key-store.port.js';
import type { CreditLedger } from './ports/credit-ledger.port.js';
import type { ExtractorStore } from './ports/extractor-store.port.js';
import type { OrganizationStore } from './ports/organization-store.port.js';
import { ApiKeyService } from './keys/api-key-service.js';
import { ExtractorService } from './extractors/extractor-service.js';
import { OrganizationService } from './organizations/organization-service.js';

/** The stores Intake's services need; `@intake/storage-sql` and the in-memory set both provide them. */
export interface IntakeStores {
  organizations: OrganizationStore;
  apiKeys: ApiKeyStore;
  extractors: ExtractorStore;
  credits: CreditLedger;
}

export interface IntakeOptions {
  stores: IntakeStores;
  clock?: Clock;
  ids?: IdGenerator;
}

/** The services of Intake, wired to one set of stores. */
export interface Intake {
  organizations: OrganizationService;
  apiKeys: ApiKeyService;
  extractors: ExtractorService;
  clock: Clock;
  ids: IdGenerator;
}

/** Builds Intake's services over the given stores: what an embedding application calls. */
export function createIntake(options: IntakeOptions): Intake {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? createRandomIds();
  const { stores } = options;
  const apiKeys = new ApiKeyService({ keys: stores.apiKeys, organizations: stores.organizations, clock, ids });
  return {
    apiKeys,
    organizations: new OrganizationService({ organizations: stores.organizations, credits: stores.credits, keys: apiKeys, clock, ids }),
    extractors: new ExtractorService({ extractors: stores.extractors, clock, ids }),
    clock,
    ids,
  };
}
