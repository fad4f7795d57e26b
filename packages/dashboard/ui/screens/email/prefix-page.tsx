/** One prefix: its settings to edit, "test a document" against it, deletion; and the page for a new prefix. */
import { useState } from 'preact/hooks';
import type { Session } from '../../api.js';
import { call } from '../../client.js';
import { ActionButton, ErrorBox, Link, navigate, useLoad } from '../../components.js';
import { textOf } from '../../paths.js';
import { asDocument, EMAIL_SCOPE, EMAIL_SHARED, EmailWhy, PrefixForm } from './prefix-form.js';
import { TestDocument } from './test-document.js';

export function NewPrefix(props: { session: Session }) {
  return (
    <>
      <p>
        <Link href="/email">← Email</Link>
      </p>
      <h1>New prefix</h1>
      <EmailWhy session={props.session} />
      <p>Every setting starts at the API's default; the API checks them all when you create the prefix.</p>
      <PrefixForm
        session={props.session}
        stored={null}
        onSaved={(saved) => navigate(`/email/prefixes/${encodeURIComponent(textOf(saved.emailPrefix))}`)}
      />
    </>
  );
}

export function PrefixPage(props: { session: Session; prefix: string }) {
  const path = { prefix: props.prefix };
  // The form edits the configuration as a JSON document (see PrefixForm), so it reads it as one.
  const stored = useLoad(
    () => call('get', '/api/email-ingestion/config/{prefix}', { path }).then(asDocument),
    [props.prefix],
  );
  const [error, setError] = useState<unknown>(null);
  const remove = async () => {
    if (!confirm(`Delete the prefix ${props.prefix}? Mail to it is refused from then on.`)) return;
    setError(null);
    try {
      await call('delete', '/api/email-ingestion/config/{prefix}', { path });
      navigate('/email');
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <p>
        <Link href="/email">← Email</Link>
      </p>
      <h1>Prefix {props.prefix}</h1>
      <EmailWhy session={props.session} />
      <ErrorBox error={stored.error ?? error} />
      {stored.data && (
        <>
          <TestDocument session={props.session} prefix={props.prefix} />
          <section class="card" aria-label="Settings">
            <h2>Settings</h2>
            <PrefixForm session={props.session} stored={stored.data} onSaved={() => undefined} />
          </section>
          <p>
            <ActionButton
              session={props.session}
              scope={EMAIL_SCOPE}
              liveOnly={EMAIL_SHARED}
              reasonId="email-why"
              class="danger"
              onClick={() => void remove()}
            >
              Delete prefix {props.prefix}
            </ActionButton>
          </p>
        </>
      )}
    </>
  );
}
