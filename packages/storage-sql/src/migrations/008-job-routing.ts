import type { Migration } from './list.js';

/** Routing of email jobs (the decision, and the rules the final decision after extraction needs). */
export const jobRouting: Migration = {
  id: 8,
  name: 'job-routing',
  async up(trx) {
    await trx.raw('alter table jobs add column routing jsonb');
  },
};
