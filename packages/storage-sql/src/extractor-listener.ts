import type { Knex } from 'knex';
import type pg from 'pg';
import { EXTRACTOR_CHANNEL, type ExtractorCache } from './stores/cached-extractor-store.js';

/** Options of the LISTEN connection that keeps each daemon's extractor cache in step on PostgreSQL. */
export interface ExtractorListenerOptions {
  /** Wait before connecting again after the connection failed or was lost. Default 1000 ms. */
  retryMs?: number;
  /**
   * How often a test notification is sent through another connection; the listener must receive it
   * within the same time, or it is given up (and the cache bypassed). Default 10,000 ms.
   */
  heartbeatMs?: number;
}

export interface ExtractorListener {
  stop(): Promise<void>;
}

export const LISTENER_APPLICATION_NAME = 'intake-extractor-listener';

/** Payloads of test notifications; a cache key always starts with an organization id (`org_...`). */
const PING_PREFIX = '~ping:';

/**
 * Keeps `cache` coherent with writes by other daemons: a dedicated connection LISTENs on the
 * extractors channel and forgets each entry a notification names. The cache is active only while
 * that connection is known to receive notifications: once LISTEN is in place, a test notification
 * sent through another connection (`send`, the pool) must come back, before the cache is turned on
 * and then every `heartbeatMs`. The cache is emptied and bypassed from the moment the connection is
 * lost or a test notification is late, and emptied again when it is turned back on, because
 * notifications sent in between are gone.
 */
export function listenForExtractorChanges(
  clientConfig: () => Promise<pg.ClientConfig>,
  send: (payload: string) => Promise<unknown>,
  cache: ExtractorCache,
  options: ExtractorListenerOptions = {},
): ExtractorListener {
  const retryMs = options.retryMs ?? 1000;
  const heartbeat = createHeartbeat(send, options.heartbeatMs ?? 10_000);
  let stopped = false;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
  };

  /** Gives a connection up (once): the cache goes inactive at once, and a new connection is scheduled. */
  const lose = (client: pg.Client) => {
    if (client !== current) return;
    current = null;
    cache.setActive(false);
    heartbeat.stop();
    client.end().catch(() => {});
    scheduleRetry();
  };

  const connect = async () => {
    if (stopped) return;
    let client: pg.Client;
    try {
      client = await listenerClient(clientConfig);
    } catch {
      scheduleRetry();
      return;
    }
    current = client;
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    client.on('notification', (message) => {
      if (client !== current || message.channel !== EXTRACTOR_CHANNEL) return;
      const payload = message.payload ?? '';
      if (payload.startsWith(PING_PREFIX)) heartbeat.received(payload);
      else if (payload) cache.forgetKey(payload);
      else cache.clear();
    });
    try {
      await client.connect();
      await client.query(`listen ${EXTRACTOR_CHANNEL}`);
      await heartbeat.roundTrip();
    } catch {
      lose(client);
      return;
    }
    if (client !== current || stopped) return;
    // Every commit from here on is announced to us. Whatever was cached before is dropped by
    // setActive (and nothing was, while inactive).
    cache.setActive(true);
    heartbeat.start(() => lose(client));
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      heartbeat.stop();
      const client = current;
      current = null;
      cache.setActive(false);
      await client?.end().catch(() => {});
    },
  };
}

/**
 * A client for the LISTEN connection, under its own application_name, with TCP keep-alive. pg is
 * imported here, on PostgreSQL only: a daemon on PGlite never loads it.
 */
async function listenerClient(clientConfig: () => Promise<pg.ClientConfig>): Promise<pg.Client> {
  const { default: postgres } = await import('pg');
  return new postgres.Client({
    ...(await clientConfig()),
    application_name: LISTENER_APPLICATION_NAME,
    keepAlive: true,
  });
}

/**
 * Test notifications: `roundTrip` sends one through `send` and resolves once the listener has
 * `received` it (rejects after `heartbeatMs`); `start` repeats that every `heartbeatMs` and calls
 * `onLate` when one fails.
 */
function createHeartbeat(send: (payload: string) => Promise<unknown>, heartbeatMs: number) {
  let pings = 0;
  const awaitedPings = new Map<string, () => void>();
  let timer: NodeJS.Timeout | null = null;

  const roundTrip = (): Promise<void> => {
    const payload = `${PING_PREFIX}${process.pid}:${++pings}`;
    return new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => {
        awaitedPings.delete(payload);
        reject(new Error('test notification not received in time'));
      }, heartbeatMs);
      timeout.unref();
      awaitedPings.set(payload, () => {
        clearTimeout(timeout);
        resolve();
      });
      send(payload).catch((error: unknown) => {
        clearTimeout(timeout);
        awaitedPings.delete(payload);
        reject(error);
      });
    });
  };

  return {
    roundTrip,
    received(payload: string): void {
      awaitedPings.get(payload)?.();
      awaitedPings.delete(payload);
    },
    start(onLate: () => void): void {
      timer = setInterval(() => {
        roundTrip().catch(onLate);
      }, heartbeatMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** The connection settings knex was given (a URL, an object, or a function returning one), for pg. */
export async function connectionConfigOf(knex: Knex): Promise<pg.ClientConfig> {
  const given = (knex.client as { config: Knex.Config }).config.connection;
  const settings: unknown = typeof given === 'function' ? await given() : given;
  if (typeof settings === 'string') return { connectionString: settings };
  const object = (settings ?? {}) as pg.ClientConfig & { expirationChecker?: unknown };
  const { expirationChecker: _ignored, ...config } = object;
  // knex keeps the password as a non-enumerable property, which the spread above leaves out.
  return object.password === undefined ? config : { ...config, password: object.password };
}
