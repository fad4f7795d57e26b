import type { ErpVendorBill, StoredErpConnection } from '../erp/erp.js';

export interface ErpPushRequest {
  connection: StoredErpConnection;
  record: ErpVendorBill;
  /** The sync's id (sent as X-Service-Delivery). */
  syncId: string;
  /** 1-based. */
  attempt: number;
}

/** What one push did; a connector never throws. */
export type ErpPushResult =
  | { ok: true; statusCode: number | null; externalId: string | null }
  | {
      ok: false;
      statusCode: number | null;
      error: string;
      /** False: trying again cannot help (e.g. 400). */ retryable: boolean;
    };

/** Sends records to an accounting system; one per connection type. */
export interface ErpConnector {
  push(request: ErpPushRequest): Promise<ErpPushResult>;
  /** Null when the connection's URL may be used, else why not (checked when it is saved). */
  checkDestination(url: string): Promise<string | null>;
}
