/**
 * @intake/webhook-https: sends webhook requests over HTTPS with Node's https module. Every
 * connection resolves the host itself and checks each address against the policy, so a name that
 * resolved to a public address at registration cannot be pointed at an internal one later.
 */
import dns from 'node:dns';
import fs from 'node:fs';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { AddressPolicy, type WebhookRequest, type WebhookResponse, type WebhookTransport } from '@intake/core';

export interface HttpsTransportOptions {
  /** Host names, IP addresses or CIDRs allowed even though they are loopback, private, ... */
  allowedHosts?: readonly string[];
  /** A PEM file of extra CAs to trust (a company CA, a self-signed receiver). */
  caFile?: string;
  /** Sockets kept open per host between deliveries. */
  maxSockets?: number;
}

const MAX_RESPONSE_BYTES = 1024;

export function createHttpsTransport(options: HttpsTransportOptions = {}): WebhookTransport & { close(): void } {
  const policy = new AddressPolicy(options.allowedHosts ?? []);
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      for (const { address } of list) {
        const problem = policy.check(hostname, address);
        if (problem) return callback(Object.assign(new Error(problem), { code: 'EADDRNOTALLOWED' }), '', 4);
      }
      if (lookupOptions.all) return callback(null, list as never);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  // Extra CAs are added to Node's own list, not instead of it: public receivers keep working. They go
  // in one secure context built once, not as `ca`: the agent would otherwise concatenate the whole
  // list (some 200 KB of PEM) into its pool key several times per request, and build a context with
  // every certificate for each new connection.
  const secureContext = options.caFile ? tls.createSecureContext({ ca: [...tls.rootCertificates, fs.readFileSync(options.caFile, 'utf8')] }) : undefined;
  // Idle sockets kept, not a cap on open ones: the agent pools by host and port, so a cap would let a
  // dead endpoint queue up another endpoint on the same host (whose timeout runs while it waits). The
  // sender already bounds attempts in flight, per endpoint and in all.
  const agent = new https.Agent({ keepAlive: true, maxFreeSockets: options.maxSockets ?? 8, lookup, ...(secureContext ? { secureContext } : {}) });

  return {
    send: (request) => {
      // Node connects to an IP literal without calling `lookup`: check those here.
      const host = new URL(request.url).hostname.replace(/^\[|\]$/g, '');
      const problem = net.isIP(host) ? policy.check(host, host) : null;
      if (problem) return Promise.resolve({ statusCode: null, durationMs: 0, responseBody: null, error: problem });
      return send(agent, request);
    },
    async checkDestination(url) {
      const { hostname } = new URL(url);
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
    close: () => agent.destroy(),
  };
}

function send(agent: https.Agent, request: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const done = (partial: Omit<WebhookResponse, 'durationMs'>): WebhookResponse => ({ ...partial, durationMs: performance.now() - started });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (response: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(response);
    };
    const req = https.request(request.url, { method: 'POST', agent, headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => finish(done({ statusCode: res.statusCode ?? null, responseBody: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8'), error: redirectError(res.statusCode) })));
      res.on('error', (error) => finish(done({ statusCode: res.statusCode ?? null, responseBody: null, error: error.message })));
    });
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
