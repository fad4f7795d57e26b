import type { Organization, OrganizationSettings } from '../organizations/organization.js';

/** Persistence of organizations. */
export interface OrganizationStore {
  insert(org: Organization): Promise<void>;
  get(id: string): Promise<Organization | null>;
  list(): Promise<Organization[]>;
  count(): Promise<number>;
  /** Changes settings; returns the organization as it now is, or null when unknown. */
  update(id: string, changes: OrganizationSettings): Promise<Organization | null>;
}
