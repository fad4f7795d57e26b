import { useState } from 'preact/hooks';
import type { Session } from '../api.js';
import { call } from '../client.js';
import { Copyable, Empty, ErrorBox, formatTime, Link, useLoad } from '../components.js';
import { plural } from '../format.js';

const PAGE = 50;

/** Balance with its low-balance threshold, and the ledger (GET /v1/credits/transactions), newest first, paged. */
export function Credits(props: { session: Session }) {
  const [offset, setOffset] = useState(0);
  const balance = useLoad(() => call('get', '/v1/credits/balance'), []);
  const ledger = useLoad(() => call('get', '/v1/credits/transactions', { query: { limit: PAGE, offset } }), [offset]);
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
        <ErrorBox error={ledger.error} />
        {ledger.data && ledger.data.total === 0 && (
          <Empty title="No ledger entries yet">
            <p>
              Credits are added by the operator of this server (the command above); each live document then charges its
              cost here.
            </p>
          </Empty>
        )}
        {ledger.data && ledger.data.total > 0 && (
          <>
            <table>
              <caption>{plural(ledger.data.total, 'entry', 'entries')}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Type</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Balance after</th>
                  <th scope="col">Document</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.transactions.map((t) => (
                  <tr key={t.id}>
                    <td>{formatTime(t.created_at)}</td>
                    <td>{t.type.replace('_', ' ')}</td>
                    <td class={t.amount < 0 ? 'debit' : 'credit'}>{t.amount > 0 ? `+${t.amount}` : t.amount}</td>
                    <td>{t.balance_after}</td>
                    <td>{t.job_id ? <Link href={`/documents/${t.job_id}`}>{t.job_id}</Link> : '—'}</td>
                    <td>{t.description ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {ledger.data.total > PAGE && (
              <nav class="pager" aria-label="Ledger pages">
                <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                  Newer
                </button>
                <button
                  type="button"
                  disabled={offset + PAGE >= ledger.data.total}
                  onClick={() => setOffset(offset + PAGE)}
                >
                  Older
                </button>
              </nav>
            )}
          </>
        )}
      </section>
    </>
  );
}
