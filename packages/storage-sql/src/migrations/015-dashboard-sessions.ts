import type { Migration } from './list.js';

const STATEMENTS = [
  // The id itself is never stored: the cookie carries it, the table its SHA-256.
  `create table dashboard_sessions (
        id_hash text primary key,
        org_id text not null references organizations(id) on delete cascade,
        key_id text not null references api_keys(id) on delete cascade,
        environment text not null check (environment in ('test', 'live')),
        csrf_token text not null,
        created_at timestamptz(3) not null,
        last_seen_at timestamptz(3) not null,
        expires_at timestamptz(3) not null
      )`,
  `create index dashboard_sessions_expires on dashboard_sessions (expires_at)`,
  `create index dashboard_sessions_last_seen on dashboard_sessions (last_seen_at)`,
];

/** Dashboard sessions: a cookie's session id (hashed) standing for an API key. */
export const dashboardSessions: Migration = {
  id: 15,
  name: 'dashboard_sessions',
  async up(trx) {
    for (const statement of STATEMENTS) await trx.raw(statement);
  },
};
