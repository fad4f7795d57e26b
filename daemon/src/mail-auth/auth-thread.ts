/**
 * The sender checks' thread (see auth-threads.ts): mailauth is loaded here, not on the thread that
 * answers HTTP and SMTP, and each message's SPF, DKIM, DMARC and ARC are computed here, the lookups
 * going to the configured resolvers. It says `ready` once mailauth is loaded; then each request (a
 * message's bytes, moved, and its context) gets its verdicts and what went wrong on the way.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SenderAuthentication } from '@intake/core/email';
import type { SenderContext } from '@intake/core/ports';
import { createDnsResolver } from './dns-resolver.js';
import { createMailauthAuthenticator } from './mailauth-authenticator.js';

export interface AuthThreadData {
  /** The DNS servers (empty: the system's). */
  servers: string[];
  dnsTimeoutMs: number;
  /** Each check's budget (SENDER_AUTH_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface AuthThreadRequest {
  id: number;
  raw: Uint8Array;
  context: SenderContext;
}

/** A check's verdicts, with the messages of the errors its check met (logged by the daemon). */
export interface AuthThreadAnswer {
  id: number;
  authentication: SenderAuthentication;
  errors: string[];
}

const data = workerData as AuthThreadData;
const resolve = createDnsResolver({ servers: data.servers, timeoutMs: data.dnsTimeoutMs });
const port = parentPort!;

// Loaded once, before the first request is taken: its requests' budgets start after it.
await import('mailauth');

port.on('message', (request: AuthThreadRequest) => {
  const errors: string[] = [];
  // An authenticator per request, for its own errors; mailauth is loaded already (the module cache).
  const authenticator = createMailauthAuthenticator({
    resolve,
    timeoutMs: data.timeoutMs,
    onError: (error) => errors.push(error.message),
  });
  void authenticator.authenticate(request.raw, request.context).then((authentication) => {
    port.postMessage({ id: request.id, authentication, errors } satisfies AuthThreadAnswer);
  });
});
port.postMessage('ready');
