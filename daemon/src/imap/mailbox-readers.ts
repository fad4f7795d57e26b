import { coerceError } from '@intake/core';
import type { StoredEmailIngestionConfig } from '@intake/core/email';
import type { ImapMailboxStore } from '@intake/core/ports';
import type { Logger } from '../logger.js';
import { MailboxReader, type MailboxReaderDeps } from './mailbox-reader.js';

export interface MailboxReadersOptions {
  /** How often the prefixes with a mailbox are looked up (new, changed, removed or deactivated ones). */
  scanMs: number;
}

/**
 * One MailboxReader per active prefix with `imap`, in every daemon: the lease decides which daemon
 * actually reads each mailbox, and another takes over when its holder stops renewing. A changed
 * configuration restarts its reader.
 */
export class MailboxReaders {
  private readonly readers = new Map<string, { fingerprint: string; reader: MailboxReader }>();
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> = Promise.resolve();
  private running = false;

  constructor(
    private readonly store: Pick<ImapMailboxStore, 'withImap'>,
    private readonly readerDeps: MailboxReaderDeps,
    private readonly logger: Logger,
    private readonly options: MailboxReadersOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.scanning = this.scan();
    this.timer = setInterval(() => {
      this.scanning = this.scanning.then(() => this.scan());
    }, this.options.scanMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    await this.scanning;
    await Promise.all([...this.readers.values()].map(({ reader }) => reader.stop()));
    this.readers.clear();
  }

  private async scan(): Promise<void> {
    if (!this.running) return;
    let configs: StoredEmailIngestionConfig[];
    try {
      configs = await this.store.withImap();
    } catch (error) {
      this.logger.error({ err: coerceError(error) }, 'IMAP mailboxes could not be listed');
      return;
    }
    const wanted = new Map(configs.map((c) => [c.prefix, c]));
    for (const [prefix, { fingerprint, reader }] of this.readers) {
      const config = wanted.get(prefix);
      if (config && fingerprintOf(config) === fingerprint) continue;
      this.readers.delete(prefix);
      await reader.stop();
    }
    for (const config of configs) {
      if (!this.running || this.readers.has(config.prefix)) continue;
      const reader = new MailboxReader(config, this.readerDeps);
      this.readers.set(config.prefix, { fingerprint: fingerprintOf(config), reader });
      reader.start();
    }
  }
}

const fingerprintOf = (config: StoredEmailIngestionConfig): string =>
  JSON.stringify([config.org_id, config.config.imap]);
