import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { ImapSettings } from '@intake/core/email';
import type { MailboxMessageRef, MailboxSession } from '@intake/core/ports';
import { imapPort } from '@intake/core/email';

/** An open, authenticated connection with the prefix's folder selected. */
export interface OpenMailbox {
  session: MailboxSession;
  /** Whether the server announced IDLE (otherwise changes are found by polling). */
  idle: boolean;
  /** Resolves when the folder may have new messages (IDLE or NOOP saw one), after `ms`, or when the connection ends. */
  waitForChange(ms: number, signal: AbortSignal): Promise<void>;
  /**
   * Selects the folder again, so that a folder deleted and made anew meanwhile is read under its
   * new UIDVALIDITY (the session's `uidValidity` follows).
   */
  reselect(): Promise<void>;
  /** False once the connection ended (the server closed it, or it failed). */
  readonly usable: boolean;
  close(): Promise<void>;
}

export interface ImapConnectOptions {
  /** A server that does not answer is given up after this. */
  timeoutMs: number;
}

const tlsOptions = (settings: ImapSettings): Pick<ImapFlowOptions, 'secure' | 'doSTARTTLS'> =>
  settings.tls === 'implicit'
    ? { secure: true }
    : settings.tls === 'starttls'
      ? { secure: false, doSTARTTLS: true }
      : { secure: false, doSTARTTLS: false };

/**
 * Connects with imapflow, opens the folder and answers the MailboxSession port. imapflow keeps
 * the connection in IDLE between commands where the server supports it (NOOP polling otherwise)
 * and reports new messages as `exists` events.
 */
export async function openMailbox(
  settings: ImapSettings,
  auth: { user: string; pass?: string; accessToken?: string },
  options: ImapConnectOptions,
): Promise<OpenMailbox> {
  const client = new ImapFlow({
    host: settings.host,
    port: imapPort(settings),
    ...tlsOptions(settings),
    auth,
    logger: false,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: Math.max(options.timeoutMs, settings.pollIntervalSeconds * 1000 * 2),
    maxIdleTime: settings.pollIntervalSeconds * 1000,
  });
  // An 'error' event without a listener would throw out of the socket's callback and end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    const selected = { uidValidity: Number((await client.mailboxOpen(settings.folder)).uidValidity) };
    if (settings.afterImport.action === 'move') await ensureFolder(client, settings.afterImport.folder);
    return {
      session: sessionOf(client, selected),
      idle: client.capabilities.has('IDLE'),
      waitForChange: (ms, signal) => waitForChange(client, ms, signal),
      async reselect() {
        // A SELECT again (imapflow sends it even for the folder already selected; no CLOSE, which
        // would expunge messages a person marked deleted).
        selected.uidValidity = Number((await client.mailboxOpen(settings.folder)).uidValidity);
      },
      get usable() {
        return client.usable;
      },
      close: async () => {
        await client.logout().catch(() => client.close());
      },
    };
  } catch (error) {
    client.close();
    throw error;
  }
}

async function ensureFolder(client: ImapFlow, path: string): Promise<void> {
  const folders = await client.list();
  if (!folders.some((f) => f.path === path)) await client.mailboxCreate(path);
}

function sessionOf(client: ImapFlow, selected: { uidValidity: number }): MailboxSession {
  return {
    get uidValidity() {
      return selected.uidValidity;
    },
    async list(after, options): Promise<MailboxMessageRef[]> {
      const refs: MailboxMessageRef[] = [];
      // `n:*` always names the highest UID, even one below n: filtered below.
      const query = { uid: `${after + 1}:*`, ...(options.unflaggedOnly ? { flagged: false } : {}) };
      const uids = await client.search(query, { uid: true });
      if (!uids || uids.length === 0) return refs;
      const wanted = uids.filter((uid) => uid > after);
      if (wanted.length === 0) return refs;
      for await (const message of client.fetch(wanted, { uid: true, size: true }, { uid: true })) {
        refs.push({ uid: message.uid, size: message.size ?? 0 });
      }
      return refs.sort((a, b) => a.uid - b.uid);
    },
    async download(uid) {
      const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
      if (!message || !message.source) return null;
      return new Uint8Array(message.source);
    },
    async act(uids, action) {
      if (uids.length === 0) return;
      const range = uids.join(',');
      if (action.action === 'move') await client.messageMove(range, action.folder, { uid: true });
      else if (action.action === 'flag') await client.messageFlagsAdd(range, ['\\Flagged', '\\Seen'], { uid: true });
      else await client.messageDelete(range, { uid: true });
    },
  };
}

function waitForChange(client: ImapFlow, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('exists', done);
      client.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.on('exists', done);
    client.on('close', done);
    signal.addEventListener('abort', done);
    if (signal.aborted) done();
  });
}
