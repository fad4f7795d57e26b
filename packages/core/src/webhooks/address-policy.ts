import net from 'node:net';

/**
 * Which addresses webhooks may reach. By default only public ones: loopback, private, link-local,
 * carrier-grade NAT, multicast, unspecified, documentation and cloud-metadata addresses are refused
 * unless allowed by name or CIDR (WEBHOOK_ALLOWED_HOSTS).
 */
export class AddressPolicy {
  private readonly hosts = new Set<string>();
  private readonly blocks = new net.BlockList();

  constructor(allowed: readonly string[] = []) {
    for (const entry of allowed.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
      const [address, bits] = entry.split('/');
      const family = net.isIP(address ?? '');
      if (family && bits !== undefined) this.blocks.addSubnet(address!, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
      else if (family) this.blocks.addAddress(address!, family === 6 ? 'ipv6' : 'ipv4');
      else this.hosts.add(entry);
    }
  }

  /** Null when `address` (resolved from `hostname`) may be reached, else why not. */
  check(hostname: string, address: string): string | null {
    if (this.hosts.has(hostname.toLowerCase())) return null;
    const family = net.isIP(address);
    if (family === 0) return `${address} is not an IP address`;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (this.blocks.check(address, type)) return null;
    return RESTRICTED.check(address, type)
      ? `${hostname} resolves to ${address}, a loopback, private, link-local or metadata address (allow it with WEBHOOK_ALLOWED_HOSTS)`
      : null;
  }
}

const RESTRICTED = new net.BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  RESTRICTED.addSubnet(network, bits, 'ipv4');
// No `::ffff:0:0/96` here: BlockList already checks IPv4-mapped addresses (::ffff:127.0.0.1) against
// the IPv4 rules above, and such an IPv6 rule would also match every plain IPv4 address, public ones too.
for (const [network, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  RESTRICTED.addSubnet(network, bits, 'ipv6');
