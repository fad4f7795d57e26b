import { createRequire } from 'node:module';
import type { AuthenticateResult, AuthStatus } from 'mailauth';
import { getDomain } from 'tldts';
import { coerceError } from '@intake/core';
import {
  AUTH_RESULTS,
  withAuthenticated,
  type AuthResult,
  type DmarcPolicy,
  type SenderAuthentication,
  type SenderVerdicts,
} from '@intake/core/email';
import { type SenderAuthenticator, type SenderContext } from '@intake/core/ports';
import type { ResolveRecords } from './dns-resolver.js';
import { unavailable } from './unavailable.js';

export interface MailauthOptions {
  resolve: ResolveRecords;
  /** The whole check's budget: past it every verdict is `temperror` (the DNS lookups time out on their own). */
  timeoutMs: number;
  /** Told about a check that threw or ran out of time. */
  onError?: (error: Error) => void;
}

const RESULTS: ReadonlySet<string> = new Set(AUTH_RESULTS);

/** mailauth's status as one of AUTH_RESULTS (`temperr` is its older spelling; `skipped` means not checked). */
const resultOf = (status: AuthStatus | undefined): AuthResult => {
  const result = status?.result;
  if (result === 'temperr') return 'temperror';
  return result && RESULTS.has(result) ? (result as AuthResult) : 'none';
};

/** The organizational domain (public suffix list, private suffixes too, as mailauth's DMARC uses). */
const orgDomain = (domain: string): string =>
  (getDomain(domain, { allowPrivateDomains: true }) ?? domain).toLowerCase();

const aligned = (domain: string | null | undefined, fromDomain: string | null): boolean =>
  Boolean(domain && fromDomain && orgDomain(domain) === orgDomain(fromDomain));

const POLICIES: ReadonlySet<string> = new Set(['none', 'quarantine', 'reject']);

/** mailauth's answer as the stored verdicts. */
export function verdictsOf(result: AuthenticateResult, context: SenderContext): SenderVerdicts {
  const from = result.dkim.headerFrom;
  const fromDomain = from.length === 1 ? (from[0]!.split('@').pop()?.toLowerCase() ?? null) || null : null;
  const spf = result.spf || null;
  const clientIp = spf?.['client-ip'];
  const source = context.fromReceivedHeader ? (clientIp ? 'received' : 'none') : context.ip ? 'smtp' : 'none';
  const dmarc = result.dmarc || null;
  return {
    spf:
      source === 'none' || !spf
        ? { result: 'none', domain: null, aligned: false }
        : { result: resultOf(spf.status), domain: spf.domain, aligned: aligned(spf.domain, fromDomain) },
    dkim: result.dkim.results
      .filter((r) => r.signingDomain)
      .map((r) => ({
        result: resultOf(r.status),
        domain: r.signingDomain.toLowerCase(),
        selector: r.selector ?? null,
        aligned: aligned(r.signingDomain, fromDomain),
      })),
    dmarc: {
      result: dmarc ? resultOf(dmarc.status) : 'none',
      policy: dmarc && POLICIES.has(dmarc.policy) ? (dmarc.policy as DmarcPolicy) : null,
      domain: dmarc?.domain ?? null,
    },
    arc: { result: result.arc ? resultOf(result.arc.status) : 'none' },
    from_domain: fromDomain,
    client_address_source: source,
  };
}

/**
 * SPF, DKIM, DMARC and ARC with mailauth. DKIM hashes the message as a stream; the lookups go to
 * the configured resolvers. BIMI is not checked (logos are of no use here). mailauth (with undici,
 * joi and the X.509 parsers it brings: about 0.2 CPU s and 29 MB resident, 10 MB of it JavaScript
 * heap) is loaded with the first message, in slices, not at start, for a library user calling it on
 * their own thread. The daemon calls it in a thread of its own (auth-thread.ts), where the loading
 * holds no event loop that answers HTTP or SMTP. A library that cannot be loaded makes every verdict
 * `temperror`, as a check that threw.
 */
export function createMailauthAuthenticator(options: MailauthOptions): SenderAuthenticator {
  let loading: Promise<typeof import('mailauth')> | undefined;
  const load = () => (loading ??= loadInSlices());
  return {
    async authenticate(raw: Uint8Array, context: SenderContext): Promise<SenderAuthentication> {
      let timer: NodeJS.Timeout | undefined;
      try {
        const { authenticate } = await load();
        const budget = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), options.timeoutMs);
        });
        const checked = authenticate(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
          resolver: options.resolve as never,
          disableBimi: true,
          mta: 'intake',
          ...(context.fromReceivedHeader
            ? { trustReceived: true }
            : {
                ...(context.ip ? { ip: context.ip } : {}),
                ...(context.helo ? { helo: context.helo } : {}),
                ...(context.mailFrom ? { sender: context.mailFrom } : {}),
              }),
        });
        const result = await Promise.race([checked, budget]);
        if (result === null) {
          checked.catch(() => {});
          options.onError?.(new Error(`sender authentication took longer than ${options.timeoutMs} ms`));
          return withAuthenticated(unavailable(context));
        }
        return withAuthenticated(verdictsOf(result, context));
      } catch (error) {
        options.onError?.(coerceError(error));
        return withAuthenticated(unavailable(context));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * mailauth's heaviest dependencies (30-75 ms of CPU each here; undici the largest), each required in
 * its own turn of the event loop, resolved from mailauth's own folder so that mailauth finds them in
 * the module cache. Loaded in one piece, mailauth held the loop for 200-250 ms: past the 250 ms that
 * an SMTP banner or /healthz may wait (test/api/decompression-bomb.test.ts). A name mailauth no
 * longer depends on is skipped; it then loads with mailauth itself.
 */
const HEAVY_DEPENDENCIES = ['libmime', 'tldts', 'joi', 'nodemailer', 'undici', '@postalsys/vmc'];

async function loadInSlices(): Promise<typeof import('mailauth')> {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  try {
    const fromMailauth = createRequire(createRequire(import.meta.url).resolve('mailauth'));
    for (const name of HEAVY_DEPENDENCIES) {
      await turn();
      try {
        fromMailauth(name);
      } catch {
        // Not a dependency any more (or not loadable alone): mailauth loads what it needs.
      }
    }
  } catch {
    // mailauth not resolvable from here: the import below says why.
  }
  await turn();
  return import('mailauth');
}
