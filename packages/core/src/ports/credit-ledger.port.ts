import type { Page, PageRequest } from '../shared/pagination.js';

/** Kinds of ledger entries; `charge` entries are negative. */
export type CreditTransactionType = 'charge' | 'top_up' | 'adjustment';

/** One entry of an organization's credit ledger: a top-up, a charge or an adjustment. */
export interface CreditTransaction {
  /** Form `ctx_<id>`. */
  id: string;
  org_id: string;
  type: CreditTransactionType;
  /** Signed: top-ups positive, charges negative. */
  amount: number;
  /** Balance after this entry. */
  balance_after: number;
  job_id: string | null;
  description: string | null;
  created_at: string;
}

/** An organization's credits: the balance and what is held for jobs in progress. */
export interface CreditBalance {
  balance: number;
  /** Held for live jobs being processed; `balance - reserved` is what new jobs may use. */
  reserved: number;
}

/** The credit balance of each organization and the entries that made it. */
export interface CreditLedger {
  balance(orgId: string): Promise<CreditBalance>;
  /** Appends one entry and moves the balance in the same transaction; returns the entry. */
  record(entry: Omit<CreditTransaction, 'balance_after'>): Promise<CreditTransaction>;
  /** Newest first. */
  transactions(orgId: string, page: PageRequest): Promise<Page<CreditTransaction>>;
}
