import type { ComponentChildren } from 'preact';
import { useEffect, useId, useState } from 'preact/hooks';
import { ApiError, type Session } from './api.js';

/** Client-side navigation: pushes the path and tells the app. */
export function navigate(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

export function Link(props: { href: string; children: ComponentChildren; class?: string; current?: boolean }) {
  return (
    <a
      href={props.href}
      class={props.class}
      aria-current={props.current ? 'page' : undefined}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}

/** An API error where it happened, in the API's words. */
export function ErrorBox(props: { error: unknown }) {
  if (!props.error) return null;
  const e = props.error;
  const text =
    e instanceof ApiError
      ? `${e.message} (${e.code}, HTTP ${e.status})`
      : e instanceof Error
        ? e.message
        : typeof e === 'string'
          ? e
          : JSON.stringify(e);
  return (
    <div class="error" role="alert">
      <p>{text}</p>
      {e instanceof ApiError && e.details.length > 0 && (
        <ul>
          {e.details.map((d) => (
            <li key={d.path}>
              <code>{d.path}</code>: {d.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Loads data for a screen; `reload` fetches again. */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: unknown[],
): { data: T | undefined; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, error: undefined, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `load` depends on in `deps`
  }, [...deps, tick]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}

/** Does the signed-in key hold the scope? */
export const can = (session: Session, scope: string): boolean => session.scopes.includes(scope);

/**
 * Why a write action is off, shown next to it (undefined when allowed). `liveOnly` names configuration that test
 * and live share, which the API lets only a live key change (the reason is the API's own).
 */
export const missingScope = (session: Session, scope: string, liveOnly?: string): string | undefined =>
  !can(session, scope)
    ? `Your key lacks the ${scope} scope: this action is disabled.`
    : liveOnly && session.environment !== 'live'
      ? `Test keys can read but not change ${liveOnly}: test and live share it, so only a live key may change it.`
      : undefined;

/** A button for a write action: disabled, with the reason beside it, when the key cannot do it. */
export function ActionButton(props: {
  session: Session;
  scope: string;
  liveOnly?: string;
  reasonId?: string;
  onClick?: () => void;
  type?: 'button' | 'submit';
  children: ComponentChildren;
  class?: string;
  busy?: boolean;
}) {
  const reason = missingScope(props.session, props.scope, props.liveOnly);
  const own = useId();
  // A screen whose every write action is off for one reason shows it once and points each button at it.
  const id = props.reasonId ?? own;
  return (
    <span class="action">
      <button
        type={props.type ?? 'button'}
        class={props.class}
        disabled={reason !== undefined || props.busy}
        aria-describedby={reason ? id : undefined}
        onClick={props.onClick}
      >
        {props.children}
      </button>
      {reason && !props.reasonId && (
        <span class="why" id={id}>
          {reason}
        </span>
      )}
    </span>
  );
}

export function Empty(props: { title: string; children: ComponentChildren }) {
  return (
    <section class="empty" aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** A command to copy, with a copy button. */
export function Copyable(props: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="copyable">
      <pre tabIndex={0} aria-label={props.label}>
        <code>{props.text}</code>
      </pre>
      <button
        type="button"
        onClick={() =>
          void navigator.clipboard?.writeText(props.text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

export const formatTime = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString() : '—');

export function StatusBadge(props: { status: string }) {
  return <span class={`badge status-${props.status}`}>{props.status}</span>;
}

/** A screen's own sections as links (each one its own path, so reachable and bookmarkable). */
export function Tabs(props: { label: string; current: string; tabs: { href: string; title: string }[] }) {
  return (
    <nav class="tabs" aria-label={props.label}>
      <ul>
        {props.tabs.map((t) => (
          <li key={t.href}>
            <Link href={t.href} current={props.current === t.href}>
              {t.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The original of a document inline: an image as an image, anything else (a PDF) in a same-origin frame. */
export function DocumentPreview(props: { src: string; mimeType: string; title: string }) {
  return props.mimeType.startsWith('image/') ? (
    <img class="preview" src={props.src} alt={props.title} />
  ) : (
    <iframe class="preview" src={props.src} title={props.title} />
  );
}
