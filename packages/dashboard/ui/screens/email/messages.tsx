/** Received messages, newest first, with what became of each attachment. */
import { useState } from 'preact/hooks';
import { call } from '../../client.js';
import { ErrorBox, formatTime, Link, StatusBadge, useLoad } from '../../components.js';
import { textOf } from '../../paths.js';
import { ResourceTable, usePages, type Column } from '../../resource-table.js';
import type { AttachmentOutcome, InboundMessage, SenderAuthentication } from '../../types.js';
import { plural, percent } from '../../format.js';

const PAGE = 25;

/** One attachment's fate in a sentence: its job, its review item, or why it was skipped. */
export function Outcome(props: { outcome: AttachmentOutcome }) {
  const o = props.outcome;
  const c = o.classification;
  return (
    <span class="outcome">
      <code>{o.filename}</code> ({o.detected_type ?? 'unknown type'}, {o.size_bytes} bytes):{' '}
      <StatusBadge status={o.status} />{' '}
      {o.status === 'job_created' && o.job_id && (
        <>
          job <Link href={`/documents/${o.job_id}`}>{o.job_id}</Link>
        </>
      )}
      {o.status === 'awaiting_review' && (
        <Link href="/email/review">in the review queue{o.review_id ? ` (${o.review_id})` : ''}</Link>
      )}
      {o.reason && (
        <>
          {' '}
          <code>{o.reason.code}</code>: {o.reason.message}
        </>
      )}
      {c && ` · classified ${c.documentType} at ${percent(c.confidence)}${c.source ? ` by ${c.source}` : ''}`}
    </span>
  );
}

/** The sender authentication verdict as a badge; the verdicts of each method in its text for screen readers too. */
export function SenderBadge(props: { auth: SenderAuthentication | null | undefined }) {
  const a = props.auth;
  if (!a) return null;
  const dkim = a.dkim.length === 0 ? 'none' : a.dkim.map((d) => d.result).join(', ');
  const detail = `DMARC ${a.dmarc.result}, SPF ${a.spf.result}, DKIM ${dkim}`;
  return (
    <span
      class={`badge sender-${a.authenticated ? 'authenticated' : 'unauthenticated'}`}
      title={detail}
      data-sender-authenticated={String(a.authenticated)}
    >
      {a.authenticated ? 'authenticated' : 'unauthenticated'}
      <span class="visually-hidden"> ({detail})</span>
    </span>
  );
}

const COLUMNS: Column<InboundMessage>[] = [
  {
    title: 'Received',
    cell: (m) => (
      <>
        {formatTime(m.received_at)}
        {m.source === 'test' && <span class="hint"> (test)</span>}
      </>
    ),
  },
  { title: 'To', cell: (m) => <code>{m.recipient}</code> },
  {
    title: 'From and subject',
    cell: (m) => (
      <>
        {m.from ?? '—'} <SenderBadge auth={m.sender_authentication} />
        <br />
        {m.subject ?? '(no subject)'}
      </>
    ),
  },
  {
    title: 'Status',
    cell: (m) => (
      <>
        <StatusBadge status={m.status} />
        {m.error && (
          <p class="field-error">
            <code>{m.error.code}</code>: {m.error.message}
          </p>
        )}
      </>
    ),
  },
  {
    title: 'Attachments',
    cell: (m) =>
      m.attachments.length === 0 ? (
        'none'
      ) : (
        <ul class="outcomes">
          {m.attachments.map((o) => (
            <li key={o.index}>
              <Outcome outcome={o} />
            </li>
          ))}
        </ul>
      ),
  },
];

export function Messages() {
  const [prefix, setPrefix] = useState('');
  const pages = usePages(PAGE);
  const prefixes = useLoad(() => call('get', '/api/email-ingestion/config'), []);
  const list = useLoad(
    () =>
      call('get', '/api/email-ingestion/messages', {
        query: { ...pages.query, ...(prefix ? { prefix } : {}) },
      }),
    [prefix, pages.position],
  );
  return (
    <>
      <div class="filters">
        <label>
          Prefix{' '}
          <select
            value={prefix}
            onChange={(e) => {
              pages.reset();
              setPrefix((e.target as HTMLSelectElement).value);
            }}
          >
            <option value="">all</option>
            {(prefixes.data?.configs ?? []).map((c) => (
              <option key={textOf(c.emailPrefix)}>{textOf(c.emailPrefix)}</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </div>
      <ErrorBox error={prefixes.error} />
      <ResourceTable
        list={list}
        rows={(l) => l.messages}
        rowKey={(m) => m.id}
        rowAttributes={(m) => ({ 'data-message-id': m.id })}
        columns={COLUMNS}
        caption={(l) => `${plural(l.total, 'message')}, newest first`}
        empty={
          <p>
            No messages received{prefix ? ` for ${prefix}` : ''} yet. Mail a document to a prefix, or test one on a
            prefix's page.
          </p>
        }
        pages={pages}
        pagerLabel="Message pages"
      />
    </>
  );
}
