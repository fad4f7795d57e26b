import { Resolver } from 'node:dns/promises';

export interface DnsResolverOptions {
  /** `host` or `host:port` (`[v6]:port` for IPv6); empty: the system's resolvers (/etc/resolv.conf). */
  servers: readonly string[];
  /** Per attempt; each lookup makes two attempts. */
  timeoutMs: number;
}

/** What mailauth calls for each lookup: the records of one name and type. */
export type ResolveRecords = (name: string, rrtype: string) => Promise<unknown>;

/**
 * Lookups on Node's c-ares resolver: asynchronous (never the thread pool's blocking getaddrinfo, never
 * the event loop), with a timeout per attempt, against the configured servers.
 */
export function createDnsResolver(options: DnsResolverOptions): ResolveRecords {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers.length > 0) resolver.setServers([...options.servers]);
  return (name, rrtype) => resolver.resolve(name, rrtype);
}
