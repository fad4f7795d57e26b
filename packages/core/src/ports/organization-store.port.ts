import type { Organization } from '../organizations/organization.js';

/** Persistence of organizations. */
export interface OrganizationStore {
  insert(org: Organization): Promise<void>;
  get(id: string): Promise<Organization | null>;
  list(): Promise<Organization[]>;
  count(): Promise<number>;
}
