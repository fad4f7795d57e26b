import type { Session } from '../api.js';
import { call } from '../client.js';
import { Copyable, Empty, ErrorBox, formatTime, Link, useLoad } from '../components.js';
import { plural } from '../format.js';
import { ResourceTable, usePages, type Column } from '../resource-table.js';
import type { CreditTransaction } from '../types.js';

const PAGE = 50;

const LEDGER_COLUMNS: Column<CreditTransaction>[] = [
  { title: 'Time', cell: (t) => formatTime(t.created_at) },
  { title: 'Type', cell: (t) => t.type.replace('_', ' ') },
  {
    title: 'Amount',
    class: (t) => (t.amount < 0 ? 'debit' : 'credit'),
    cell: (t) => (t.amount > 0 ? `+${t.amount}` : t.amount),
  },
  { title: 'Balance after', cell: (t) => t.balance_after },
  { title: 'Document', cell: (t) => (t.job_id ? <Link href={`/documents/${t.job_id}`}>{t.job_id}</Link> : '—') },
  { title: 'Description', cell: (t) => t.description ?? '—' },
];

/** Balance with its low-balance threshold, and the ledger (GET /v1/credits/transactions), newest first, paged. */
export function Credits(props: { session: Session }) {
  const pages = usePages(PAGE);
  const balance = useLoad(() => call('get', '/v1/credits/balance'), []);
  const ledger = useLoad(() => call('get', '/v1/credits/transactions', { query: pages.query }), [pages.position]);
  const b = balance.data;
  return (
    <>
      <h1>Credits</h1>
      <ErrorBox error={balance.error} />
      {b && (
        <section class="card" aria-label="Balance">
          <h2>Balance</h2>
          <p class="big">{b.available}</p>
          <dl class="stats">
            <dt>Balance</dt>
            <dd>{b.balance}</dd>
            <dt>Reserved by running jobs</dt>
            <dd>{b.reserved}</dd>
            <dt>Available</dt>
            <dd>{b.available}</dd>
            <dt>Low-balance threshold</dt>
            <dd>{b.low_balance_threshold}</dd>
          </dl>
          {b.available <= b.low_balance_threshold && (
            <p class="warn">
              The balance is at or below the low-balance threshold: live documents stop when it reaches zero.
            </p>
          )}
          <p class="hint">The operator of this server adds credits to this organization with:</p>
          <Copyable
            label="Add credits with the CLI"
            text={`intake credits add --org ${props.session.org_id} --amount 1000`}
          />
        </section>
      )}
      <section class="card" aria-label="Ledger">
        <h2>Ledger</h2>
        <ResourceTable
          list={ledger}
          rows={(list) => list.transactions}
          rowKey={(t) => t.id}
          columns={LEDGER_COLUMNS}
          caption={(list) => `${plural(list.total, 'entry', 'entries')}, newest first`}
          empty={
            <Empty title="No ledger entries yet">
              <p>
                Credits are added by the operator of this server (the command above); each live document then charges
                its cost here.
              </p>
            </Empty>
          }
          pages={pages}
          pagerLabel="Ledger pages"
          pagerButtons={['Newer', 'Older']}
        />
      </section>
    </>
  );
}
