import type { Knex } from 'knex';
import type { CreditLedger, CreditTransaction } from '@intake/core';
import { toNumber } from './normalize.js';

export class SqlCreditLedger implements CreditLedger {
  constructor(private readonly knex: Knex) {}

  async balance(orgId: string): Promise<number> {
    const row = await this.knex('credit_balances').where({ org_id: orgId }).first('balance');
    return row ? toNumber(row.balance) : 0;
  }

  /** The balance row is updated with the entry in one transaction, so balance_after is exact. */
  async record(entry: Omit<CreditTransaction, 'balance_after'>): Promise<CreditTransaction> {
    return this.knex.transaction(async (trx) => {
      const [row] = await trx('credit_balances')
        .insert({ org_id: entry.org_id, balance: entry.amount })
        .onConflict('org_id')
        .merge({ balance: trx.raw('credit_balances.balance + excluded.balance') })
        .returning('balance');
      const full: CreditTransaction = { ...entry, balance_after: toNumber(row.balance) };
      await trx('credit_transactions').insert(full);
      return full;
    });
  }
}
