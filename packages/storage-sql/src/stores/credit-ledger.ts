import type { Knex } from 'knex';
import type { CreditBalance, CreditLedger, CreditTransaction } from '@intake/core/ports';
import type { Page, PageRequest } from '@intake/core/shared';
import { countOf, toIso, toNumber, toTextOrNull, type Row } from './normalize.js';

export class SqlCreditLedger implements CreditLedger {
  constructor(private readonly knex: Knex) {}

  async balance(orgId: string): Promise<CreditBalance> {
    const row = await this.knex<Row>('credit_balances').where({ org_id: orgId }).first('balance', 'reserved');
    return row ? { balance: toNumber(row.balance), reserved: toNumber(row.reserved) } : { balance: 0, reserved: 0 };
  }

  async transactions(orgId: string, page: PageRequest): Promise<Page<CreditTransaction>> {
    const [rows, total] = await Promise.all([
      this.knex('credit_transactions')
        .where({ org_id: orgId })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(page.limit)
        .offset(page.offset),
      countOf(this.knex('credit_transactions').where({ org_id: orgId }).count({ count: '*' })),
    ]);
    return {
      total,
      items: rows.map((r: Record<string, unknown>) => ({
        id: String(r.id),
        org_id: String(r.org_id),
        type: r.type as CreditTransaction['type'],
        amount: toNumber(r.amount),
        balance_after: toNumber(r.balance_after),
        job_id: toTextOrNull(r.job_id),
        description: toTextOrNull(r.description),
        created_at: toIso(r.created_at),
      })),
    };
  }

  /** The balance row is updated with the entry in one transaction, so balance_after is exact. */
  async record(entry: Omit<CreditTransaction, 'balance_after'>): Promise<CreditTransaction> {
    return this.knex.transaction(async (trx) => {
      const [row] = await trx<Row>('credit_balances')
        .insert({ org_id: entry.org_id, balance: entry.amount })
        .onConflict('org_id')
        .merge({ balance: trx.raw('credit_balances.balance + excluded.balance') })
        .returning('balance');
      const full: CreditTransaction = { ...entry, balance_after: toNumber(row!.balance) };
      await trx('credit_transactions').insert(full);
      return full;
    });
  }
}
