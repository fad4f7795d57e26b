import { useState } from 'preact/hooks';
import type { Session } from '../api.js';
import { call } from '../client.js';
import { ActionButton, Copyable, ErrorBox, formatTime, missingScope, useLoad } from '../components.js';
import { plural } from '../format.js';
import { SCOPES, type Scope } from '../enums.js';
import type { ApiKey } from '../types.js';

/** `revoked`: keys revoked on this screen; a new key's secret is hidden once its key is revoked. */
function CreateKey(props: { session: Session; onCreated: () => void; revoked: string[] }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['documents:read']);
  const [days, setDays] = useState('');
  const [created, setCreated] = useState<(ApiKey & { key: string }) | null>(null);
  const [error, setError] = useState<unknown>(null);
  const held = props.session.scopes;
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const body = {
        name,
        scopes,
        environment: props.session.environment,
        ...(days ? { expires_in_days: Number(days) } : {}),
      };
      setCreated(await call('post', '/v1/api-keys', { body }));
      setName('');
      props.onCreated();
    } catch (err) {
      setError(err);
    }
  };
  const off = missingScope(props.session, 'api_keys:write') !== undefined;
  return (
    <section class="card" aria-label="Create a key">
      <h2>Create a key</h2>
      <form onSubmit={(e) => void submit(e)}>
        <label>
          Name{' '}
          <input required value={name} disabled={off} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <fieldset disabled={off}>
          <legend>Scopes (only those your key holds can be granted)</legend>
          {SCOPES.map((s) => (
            <label key={s} class="check">
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                disabled={!held.includes(s)}
                onChange={(e) =>
                  setScopes((e.target as HTMLInputElement).checked ? [...scopes, s] : scopes.filter((x) => x !== s))
                }
              />{' '}
              {s}
            </label>
          ))}
        </fieldset>
        <p>Environment: {props.session.environment} (a key creates keys of its own environment)</p>
        <label>
          Expires in days (empty: never){' '}
          <input
            type="number"
            min={1}
            value={days}
            disabled={off}
            onInput={(e) => setDays((e.target as HTMLInputElement).value)}
          />
        </label>
        <ActionButton session={props.session} scope="api_keys:write" type="submit">
          Create key
        </ActionButton>
      </form>
      <ErrorBox error={error} />
      {created && !props.revoked.includes(created.id) && (
        <div class="secret" role="status">
          <p>
            <strong>Copy the key now: it is shown only this once.</strong>
          </p>
          <Copyable label={`New key ${created.name}`} text={created.key} />
        </div>
      )}
    </section>
  );
}

export function ApiKeys(props: { session: Session }) {
  const keys = useLoad(() => call('get', '/v1/api-keys', { query: { limit: 100 } }), []);
  const [error, setError] = useState<unknown>(null);
  const [revoked, setRevoked] = useState<string[]>([]);
  const revoke = async (key: ApiKey) => {
    if (!confirm(`Revoke ${key.name} (${key.key_prefix}…)? Programs and dashboard sessions using it stop at once.`))
      return;
    setError(null);
    try {
      await call('post', '/v1/api-keys/{key_id}/revoke', { path: { key_id: key.id } });
      setRevoked((ids) => [...ids, key.id]);
      keys.reload();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <h1>API keys</h1>
      <CreateKey session={props.session} onCreated={keys.reload} revoked={revoked} />
      <ErrorBox error={keys.error ?? error} />
      {keys.data && (
        <table>
          <caption>{plural(keys.data.total, 'key')}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Environment</th>
              <th scope="col">Scopes</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.api_keys.map((key) => (
              <tr key={key.id} data-key-id={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.key_prefix}…</code>
                </td>
                <td>{key.environment}</td>
                <td>{key.scopes.join(', ')}</td>
                <td>{formatTime(key.last_used_at)}</td>
                <td>
                  {key.revoked_at
                    ? `revoked ${formatTime(key.revoked_at)}`
                    : key.id === props.session.key_id
                      ? 'active (this session)'
                      : 'active'}
                </td>
                <td>
                  {!key.revoked_at && (
                    <ActionButton
                      session={props.session}
                      scope="api_keys:write"
                      class="danger"
                      onClick={() => void revoke(key)}
                    >
                      Revoke<span class="visually-hidden"> {key.name}</span>
                    </ActionButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
