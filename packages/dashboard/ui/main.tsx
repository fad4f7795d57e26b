import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { currentSession, signIn, signOut, useSession, type Session } from './api.js';
import { ErrorBox, Link, navigate } from './components.js';
import { ApiKeys } from './screens/api-keys.js';
import { Credits } from './screens/credits.js';
import { DocumentPage } from './screens/document-page.js';
import { Documents } from './screens/documents.js';
import { Email } from './screens/email/email.js';
import { Erp } from './screens/erp.js';
import { Extractors } from './screens/extractors.js';
import { Overview } from './screens/overview.js';
import { Review } from './screens/review.js';
import { ReviewQueue } from './screens/review-queue.js';
import { Webhooks } from './screens/webhooks.js';

/** The sidebar: every screen one click away. New screens (the review workspace) add a line here and a route below. */
const SCREENS = [
  { path: '/', title: 'Overview' },
  { path: '/documents', title: 'Documents' },
  { path: '/extractors', title: 'Extractors' },
  { path: '/webhooks', title: 'Webhooks' },
  { path: '/email', title: 'Email' },
  { path: '/review', title: 'Documents to review' },
  { path: '/erp', title: 'Accounting (ERP)' },
  { path: '/api-keys', title: 'API keys' },
  { path: '/credits', title: 'Credits' },
];

function SignIn(props: { onSignedIn: (s: Session) => void; notice: string | null }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  return (
    <main class="signin">
      <h1>Sign in to Intake</h1>
      {props.notice && <p role="status">{props.notice}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          signIn(key).then(
            (s) => {
              // The key leaves the page's memory: only the session cookie remains.
              setKey('');
              props.onSignedIn(s);
            },
            (err: unknown) => {
              setBusy(false);
              setError(err);
            },
          );
        }}
      >
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autocomplete="off"
          required
          placeholder="sk_live_… or sk_test_…"
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <ErrorBox error={error} />
      <p class="hint">
        The key is exchanged for a session and not kept by the browser. What you can do here is what the key may do
        through the API.
      </p>
    </main>
  );
}

function Screen(props: { path: string; session: Session }) {
  const review = /^\/documents\/([^/]+)\/review$/.exec(props.path);
  if (review) return <Review id={decodeURIComponent(review[1]!)} />;
  const job = /^\/documents\/([^/]+)$/.exec(props.path);
  if (job) return <DocumentPage id={decodeURIComponent(job[1]!)} session={props.session} />;
  if (props.path === '/email' || props.path.startsWith('/email/'))
    return <Email session={props.session} path={props.path} />;
  switch (props.path) {
    case '/':
      return <Overview session={props.session} />;
    case '/documents':
      return <Documents session={props.session} />;
    case '/extractors':
      return <Extractors session={props.session} />;
    case '/review':
      return <ReviewQueue />;
    case '/credits':
      return <Credits session={props.session} />;
    case '/webhooks':
      return <Webhooks session={props.session} />;
    case '/erp':
      return <Erp session={props.session} />;
    case '/api-keys':
      return <ApiKeys session={props.session} />;
    default:
      return (
        <>
          <h1>Page not found</h1>
          <p>
            There is no screen at <code>{props.path}</code>. <Link href="/">Go to the overview</Link>.
          </p>
        </>
      );
  }
}

function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const [path, setPath] = useState(location.pathname);
  // On a narrow screen the sidebar is a menu behind a button; opening a screen closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    const onPop = () => {
      setPath(location.pathname);
      setMenuOpen(false);
    };
    addEventListener('popstate', onPop);
    currentSession().then(setSession, () => setSession(null));
    return () => removeEventListener('popstate', onPop);
  }, []);
  useSession(session ?? null, () => {
    setNotice('Your session has ended (expired, signed out, or its key was revoked). Sign in again.');
    setSession(null);
  });
  useEffect(() => {
    const title =
      (SCREENS.find((s) => s.path === path) ?? SCREENS.find((s) => s.path !== '/' && path.startsWith(`${s.path}/`)))
        ?.title ?? (path.startsWith('/documents/') ? 'Document' : 'Intake');
    document.title = `${title} · Intake`;
  }, [path]);

  if (session === undefined)
    return (
      <main>
        <p>Loading…</p>
      </main>
    );
  if (session === null)
    return (
      <SignIn
        notice={notice}
        onSignedIn={(s) => {
          setNotice(null);
          setSession(s);
        }}
      />
    );
  const live = session.environment === 'live';
  return (
    <>
      <a class="skip" href="#content">
        Skip to content
      </a>
      <header class={`mode mode-${session.environment}`}>
        <button
          type="button"
          class="menu-button"
          aria-expanded={menuOpen}
          aria-controls="screens"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <strong class="mode-label">{live ? 'LIVE MODE' : 'TEST MODE'}</strong>
        <span>{live ? 'Live data: jobs cost credits.' : 'Test data: jobs are simulated and free.'}</span>
        <span class="who">
          Key <code>{session.key_id}</code> · {session.org_id}
        </span>
        <button
          type="button"
          onClick={() =>
            void signOut().finally(() => {
              setSession(null);
              navigate('/');
            })
          }
        >
          Sign out
        </button>
      </header>
      <div class="layout">
        <nav id="screens" class={`sidebar${menuOpen ? ' open' : ''}`} aria-label="Screens">
          <ul>
            {SCREENS.map((s) => (
              <li key={s.path}>
                <Link href={s.path} current={s.path === '/' ? path === '/' : path.startsWith(s.path)}>
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="content" tabIndex={-1}>
          <Screen path={path} session={session} />
        </main>
      </div>
    </>
  );
}

render(<App />, document.getElementById('app')!);
