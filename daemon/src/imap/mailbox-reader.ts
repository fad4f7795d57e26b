import { coerceError, type Clock } from '@intake/core';
import {
  type ImapImporter,
  type ImapSettings,
  openImapAuth,
  type SecretBox,
  type StoredEmailIngestionConfig,
} from '@intake/core/email';
import { type ImapMailboxStore } from '@intake/core/ports';
import type { Logger } from '../logger.js';
import type { OpenMailbox } from './imapflow-session.js';

export interface MailboxReaderDeps {
  store: ImapMailboxStore;
  importer: ImapImporter;
  /** Opens stored secrets; null without SECRET_KEY. */
  secrets: SecretBox | null;
  logger: Logger;
  clock: Clock;
  /** This daemon's id as a lease holder. */
  owner: string;
  leaseMs: number;
  /** The prefix's address (`prefix@EMAIL_DOMAIN`), recorded as the message's recipient. */
  recipientOf: (prefix: string) => string;
  open: (settings: ImapSettings, auth: { user: string; pass?: string; accessToken?: string }) => Promise<OpenMailbox>;
}

/** An error whose text is safe to show on the configuration (no secret reaches IMAP errors' text). */
const describe = (error: unknown): string => {
  const e = coerceError(error) as Error & { authenticationFailed?: boolean; responseText?: string; code?: string };
  if (e.authenticationFailed) return `authentication failed${e.responseText ? `: ${e.responseText}` : ''}`;
  return [e.code, e.responseText ?? e.message].filter(Boolean).join(': ').slice(0, 500);
};

/**
 * Reads one prefix's mailbox while this daemon holds its lease: connects, takes the new messages
 * (ImapImporter), waits in IDLE (or polls) and takes again. Errors are written to the prefix's
 * `imap_status` and retried after the poll interval; nothing here throws out of `run`.
 */
export class MailboxReader {
  private readonly abort = new AbortController();
  private done: Promise<void> | null = null;

  constructor(
    private readonly config: StoredEmailIngestionConfig,
    private readonly deps: MailboxReaderDeps,
  ) {}

  private get settings(): ImapSettings {
    return this.config.config.imap!;
  }

  start(): void {
    this.done ??= this.run().catch((error: unknown) =>
      this.deps.logger.error({ err: coerceError(error), prefix: this.config.prefix }, 'IMAP reader stopped'),
    );
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.done;
    await this.deps.store.releaseLease(this.config.prefix, this.deps.owner).catch(() => {});
  }

  private async run(): Promise<void> {
    const { signal } = this.abort;
    while (!signal.aborted) {
      const held = await this.renew().catch(() => false);
      if (!held) {
        await sleep(this.deps.leaseMs / 2, signal);
        continue;
      }
      const lost = new AbortController();
      const onStop = () => lost.abort();
      signal.addEventListener('abort', onStop);
      // The lease is renewed at a third of its length; a renewal refused means another daemon has it.
      const renewal = setInterval(() => {
        this.renew().then(
          (ok) => ok || lost.abort(),
          () => lost.abort(),
        );
      }, this.deps.leaseMs / 3);
      let failed = false;
      try {
        await this.readWhileHeld(lost.signal);
      } catch (error) {
        failed = true;
        const message = describe(error);
        this.deps.logger.warn({ prefix: this.config.prefix, error: message }, 'IMAP mailbox could not be read');
        await this.status({ state: 'error', last_error: message });
      } finally {
        clearInterval(renewal);
        signal.removeEventListener('abort', onStop);
      }
      if (failed) await sleep(this.settings.pollIntervalSeconds * 1000, signal);
    }
  }

  private async renew(): Promise<boolean> {
    const now = this.deps.clock.now();
    const until = new Date(now.getTime() + this.deps.leaseMs).toISOString();
    const { org_id, prefix } = this.config;
    return (await this.deps.store.acquireLease(org_id, prefix, this.deps.owner, now.toISOString(), until)) !== null;
  }

  private status(update: Parameters<ImapMailboxStore['setStatus']>[2]): Promise<void> {
    return this.deps.store.setStatus(this.config.prefix, this.deps.owner, update).catch(() => {});
  }

  private openAuth(): ReturnType<typeof openImapAuth> {
    const { secrets } = this.deps;
    if (!secrets) throw new Error('SECRET_KEY is not set: the stored IMAP secret cannot be opened');
    try {
      return openImapAuth(this.settings, secrets);
    } catch {
      throw new Error('the stored IMAP secret cannot be opened with this SECRET_KEY: give the password or token again');
    }
  }

  /** One connection: rounds of taking new messages until the lease is lost, the daemon stops or an error. */
  private async readWhileHeld(signal: AbortSignal): Promise<void> {
    const auth = this.openAuth();
    await this.status({ state: 'connecting' });
    const mailbox = await this.deps.open(this.settings, auth);
    try {
      const target = {
        orgId: this.config.org_id,
        prefix: this.config.prefix,
        recipient: this.deps.recipientOf(this.config.prefix),
        settings: this.settings,
        owner: this.deps.owner,
        unauthenticated: this.config.config.unauthenticated,
      };
      while (!signal.aborted) {
        await this.status({ state: 'fetching', last_error: null });
        const round = await this.deps.importer.importNew(target, mailbox.session);
        if (round.leaseLost) return;
        if (round.stored > 0 || round.tooLarge > 0)
          this.deps.logger.info({ prefix: target.prefix, ...round }, 'IMAP messages taken');
        await this.status({ state: 'idle', last_error: null, last_success_at: this.deps.clock.now().toISOString() });
        await mailbox.waitForChange(this.settings.pollIntervalSeconds * 1000, signal);
        if (!mailbox.usable && !signal.aborted) throw new Error('the IMAP server closed the connection');
        if (!signal.aborted) await mailbox.reselect();
      }
    } finally {
      await mailbox.close();
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    if (signal.aborted) done();
  });
}
