import { z } from 'zod';
import type { Intake } from '@intake/core';
import { authErrors, pageQuery } from './common.schemas.js';
import { defineRoute, type RouteDef } from './route.js';

/** The balance body, also a member of `GET /v1/overview`. */
export const BalanceSchema = z
  .object({
    org_id: z.string(),
    balance: z.number(),
    reserved: z.number(),
    available: z.number(),
    low_balance_threshold: z.number(),
  })
  .meta({ id: 'CreditBalance' });
const Transaction = z
  .object({
    id: z.string(),
    org_id: z.string(),
    type: z.enum(['charge', 'top_up', 'adjustment']),
    amount: z.number(),
    balance_after: z.number(),
    job_id: z.string().nullable(),
    description: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CreditTransaction' });
const ListQuery = z.object(pageQuery(100));
const List = z
  .object({
    transactions: z.array(Transaction),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'CreditTransactionList' });

export function creditRoutes(intake: Intake): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/credits/balance',
      summary: 'Credit balance: balance, reserved by running live jobs, available',
      tag: 'credits',
      scope: 'credits:read',
      responses: { 200: { description: 'The balance', schema: BalanceSchema }, ...authErrors },
      handler: async ({ auth }) => ({ status: 200, body: await intake.credits.balance(auth.orgId, auth.environment) }),
    }),
    defineRoute<unknown, z.infer<typeof ListQuery>>({
      method: 'get',
      path: '/v1/credits/transactions',
      summary: 'Credit ledger entries, newest first',
      tag: 'credits',
      scope: 'credits:read',
      query: ListQuery,
      responses: { 200: { description: 'A page of entries', schema: List }, ...authErrors },
      handler: async ({ auth, query }) => {
        const page = await intake.credits.transactions(auth.orgId, auth.environment, query);
        return {
          status: 200,
          body: { transactions: page.items, total: page.total, limit: query.limit, offset: query.offset },
        };
      },
    }),
  ];
}
