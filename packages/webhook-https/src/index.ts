/**
 * @intake/webhook-https: sends webhook requests over HTTPS with Node's https module. Every
 * connection resolves the host itself and checks each address against the policy, so a name that
 * resolved to a public address at registration cannot be pointed at an internal one later.
 */
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { type WebhookRequest, type WebhookResponse, type WebhookTransport } from '@intake/core';
import { AddressPolicy, isLocalhostName } from '@intake/core/webhooks';

/** Options of {@link createHttpsTransport}. */
export interface HttpsTransportOptions {
  /** Host names, IP addresses or CIDRs allowed even though they are loopback, private, ... */
  allowedHosts?: readonly string[];
  /** A PEM file of extra CAs to trust (a company CA, a self-signed receiver). */
  caFile?: string;
  /** Sockets kept open per host between deliveries. */
  maxSockets?: number;
  /**
   * Development only (WEBHOOKS_ALLOW_LOCALHOST): also send to `http://localhost` URLs, without TLS,
   * and only when the name resolves to a loopback address. Off by default.
   */
  allowLocalhostHttp?: boolean;
}

const MAX_RESPONSE_BYTES = 1024;

/**
 * Core's `WebhookTransport` over Node's https: POSTs with one time limit for the whole exchange, no
 * redirects followed, the first 1 KB of the answer kept, and every resolved address checked against
 * the address policy. `close()` destroys the pooled sockets.
 */
export function createHttpsTransport(options: HttpsTransportOptions = {}): WebhookTransport & { close(): void } {
  const policy = new AddressPolicy(options.allowedHosts ?? []);
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses;
      for (const { address } of list) {
        const problem = policy.check(hostname, address);
        if (problem) return callback(Object.assign(new Error(problem), { code: 'EADDRNOTALLOWED' }), '', 4);
      }
      if (lookupOptions.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  // Extra CAs are added to Node's own list, not instead of it: public receivers keep working. They go
  // in one secure context built once, not as `ca`: the agent would otherwise concatenate the whole
  // list (some 200 KB of PEM) into its pool key several times per request, and build a context with
  // every certificate for each new connection.
  const secureContext = options.caFile
    ? tls.createSecureContext({ ca: [...tls.rootCertificates, fs.readFileSync(options.caFile, 'utf8')] })
    : undefined;
  // Idle sockets kept, not a cap on open ones: the agent pools by host and port, so a cap would let a
  // dead endpoint queue up another endpoint on the same host (whose timeout runs while it waits). The
  // sender already bounds attempts in flight, per endpoint and in all.
  const agent = new https.Agent({
    keepAlive: true,
    maxFreeSockets: options.maxSockets ?? 8,
    lookup,
    ...(secureContext ? { secureContext } : {}),
  });

  const localAgent = options.allowLocalhostHttp
    ? new http.Agent({ keepAlive: true, maxFreeSockets: options.maxSockets ?? 8, lookup: loopbackOnly })
    : null;

  return {
    send: (request) => {
      const url = new URL(request.url);
      if (url.protocol === 'http:') {
        if (!localAgent || !isLocalhostName(url.hostname))
          return Promise.resolve({
            statusCode: null,
            durationMs: 0,
            responseBody: null,
            error: 'plain http is sent only to localhost, and only with WEBHOOKS_ALLOW_LOCALHOST',
          });
        return send(localAgent, request, http.request);
      }
      // Node connects to an IP literal without calling `lookup`: check those here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const problem = net.isIP(host) ? policy.check(host, host) : null;
      if (problem) return Promise.resolve({ statusCode: null, durationMs: 0, responseBody: null, error: problem });
      return send(agent, request, https.request);
    },
    async checkDestination(url) {
      const { hostname, protocol } = new URL(url);
      if (protocol === 'http:')
        return localAgent && isLocalhostName(hostname)
          ? null
          : 'plain http is sent only to localhost, and only with WEBHOOKS_ALLOW_LOCALHOST';
      const bare = hostname.replace(/^\[|\]$/g, '');
      try {
        const addresses = await dns.promises.lookup(bare, { all: true });
        for (const { address } of addresses) {
          const problem = policy.check(bare, address);
          if (problem) return problem;
        }
        return null;
      } catch {
        // Nothing to refuse yet: a name that does not resolve now (a receiver still being set up,
        // the spec's own example.com-style names, a DNS hiccup) is decided at every connection.
        return null;
      }
    },
    close: () => {
      agent.destroy();
      localAgent?.destroy();
    },
  };
}

/** For http://localhost receivers: the name must resolve to this machine, nothing else. */
const loopbackOnly: LookupFunction = (hostname, lookupOptions, callback) => {
  dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses.filter(({ address }) => address === '::1' || address.startsWith('127.'));
    if (list.length === 0)
      return callback(
        Object.assign(new Error(`${hostname} does not resolve to a loopback address`), { code: 'EADDRNOTALLOWED' }),
        '',
        4,
      );
    if (lookupOptions.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

function send(agent: http.Agent, request: WebhookRequest, requestFn: typeof https.request): Promise<WebhookResponse> {
  const started = performance.now();
  const done = (partial: Omit<WebhookResponse, 'durationMs'>): WebhookResponse => ({
    ...partial,
    durationMs: performance.now() - started,
  });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (response: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(response);
    };
    const req = requestFn(
      request.url,
      {
        method: 'POST',
        agent,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          finish(
            done({
              statusCode: res.statusCode ?? null,
              responseBody: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8'),
              error: redirectError(res.statusCode),
            }),
          ),
        );
        res.on('error', (error) =>
          finish(done({ statusCode: res.statusCode ?? null, responseBody: null, error: error.message })),
        );
      },
    );
    // One limit for the whole exchange (connect, TLS, answer), as the spec counts it.
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    req.on('error', (error) => finish(done({ statusCode: null, responseBody: null, error: error.message })));
    req.end(request.body);
  });
}

/** Redirects are not followed and count as failures: the receiver must answer itself. */
const redirectError = (status: number | undefined): string | null =>
  status !== undefined && status >= 300 && status < 400 ? `redirect (${status}) not followed` : null;
