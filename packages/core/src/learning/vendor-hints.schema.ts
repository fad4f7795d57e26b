import type { VendorHints } from './vendor-hints.js';

export type VendorHintsResource = Omit<VendorHints, 'org_id'>;
export const toVendorHintsResource = ({ org_id: _o, ...rest }: VendorHints): VendorHintsResource => rest;
