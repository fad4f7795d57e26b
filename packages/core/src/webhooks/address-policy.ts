import { BlockList, isIP } from './ip-address.js';
import { embeddedIpv4 } from './embedded-ipv4.js';

/**
 * Which addresses webhooks and ERP connections may reach. By default only public ones: loopback,
 * private, link-local, carrier-grade NAT, multicast, unspecified, documentation and cloud-metadata
 * addresses are refused unless allowed by name or CIDR (WEBHOOK_ALLOWED_HOSTS), and so are the IPv6
 * forms that carry one of them (IPv4-mapped, IPv4-translated, NAT64, 6to4, Teredo). IPv4-compatible
 * addresses (::/96, deprecated since 2006) are refused whatever they carry.
 */
export class AddressPolicy {
  private readonly hosts = new Set<string>();
  private readonly blocks = new BlockList();

  constructor(allowed: readonly string[] = []) {
    for (const entry of allowed.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
      const [address, bits] = entry.split('/');
      const family = isIP(address ?? '');
      if (family && bits !== undefined) this.blocks.addSubnet(address!, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
      else if (family) this.blocks.addAddress(address!, family === 6 ? 'ipv6' : 'ipv4');
      else this.hosts.add(entry);
    }
  }

  /**
   * Null when `address` (resolved from `hostname`, or `hostname` itself for a literal) may be
   * reached, else why not. An allowed address or CIDR covers the address as dialled (and, for an
   * IPv4 entry, its IPv4-mapped form); the other IPv6 forms of an allowed IPv4 address need their own entry.
   */
  check(hostname: string, address: string): string | null {
    if (this.hosts.has(hostname.toLowerCase())) return null;
    const family = isIP(address);
    if (family === 0) return `${address} is not an IP address`;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (this.blocks.check(address, type)) return null;
    const refused = `${hostname} resolves to ${address}`;
    if (RESTRICTED.check(address, type)) return `${refused}, ${RESTRICTED_KINDS} (${HOW_TO_ALLOW})`;
    const carried = embeddedIpv4(address);
    for (const { form, ipv4 } of carried) {
      if (RESTRICTED.check(ipv4, 'ipv4'))
        return `${refused}, the ${form} form of ${ipv4}: ${RESTRICTED_KINDS} (${HOW_TO_ALLOW})`;
    }
    if (carried[0]?.form === 'IPv4-compatible')
      return `${refused}, an IPv4-compatible address (::/96, deprecated; no receiver is reached at one) (${HOW_TO_ALLOW})`;
    return null;
  }
}

const RESTRICTED_KINDS = 'a loopback, private, link-local or metadata address';
const HOW_TO_ALLOW = 'allow it with WEBHOOK_ALLOWED_HOSTS';

const RESTRICTED = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  RESTRICTED.addSubnet(network, bits, 'ipv4');
// No `::ffff:0:0/96` here: BlockList already checks IPv4-mapped addresses (::ffff:127.0.0.1) against
// the IPv4 rules above, and such an IPv6 rule would also match every plain IPv4 address, public ones
// too. The other forms that carry an IPv4 address are decided by what they carry (embeddedIpv4), so
// 64:ff9b::/96 (NAT64 on a DNS64 network, where public names resolve to it) is not refused whole.
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  // RFC 8215's local-use NAT64 prefix: where the IPv4 sits in it depends on the operator's prefix
  // length, and its translator is local by definition.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  RESTRICTED.addSubnet(network, bits, 'ipv6');
