/** An IPv4 address an IPv6 address leads to, and the transition form that carries it. */
export interface EmbeddedIpv4 {
  form: 'IPv4-compatible' | 'IPv4-mapped' | 'IPv4-translated' | 'NAT64' | '6to4' | 'Teredo client' | 'Teredo server';
  ipv4: string;
}

/**
 * The IPv4 addresses a packet to `address` may end up at: the IPv4 of an IPv4-compatible (::/96),
 * IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96), 6to4
 * (2002::/16) or Teredo (2001::/32: server and client, the client's bits inverted) address. Empty
 * for IPv4 addresses, other IPv6 addresses and what is not an address.
 *
 * Hand-written rather than ipaddr.js: its 2.5.0 parses `::8.8.8.8` as `::ffff:8.8.8.8`, the very
 * confusion between forms this has to get right. The WHATWG URL parser validates and canonicalises
 * the address (hexadecimal groups, no dotted quad), which leaves only `::` to expand.
 */
export function embeddedIpv4(address: string): EmbeddedIpv4[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const last = v4(g[6]!, g[7]!);
  if (zero(0, 6)) return [{ form: 'IPv4-compatible', ipv4: last }];
  if (zero(0, 5) && g[5] === 0xffff) return [{ form: 'IPv4-mapped', ipv4: last }];
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [{ form: 'IPv4-translated', ipv4: last }];
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return [{ form: 'NAT64', ipv4: last }];
  if (g[0] === 0x2002) return [{ form: '6to4', ipv4: v4(g[1]!, g[2]!) }];
  if (g[0] === 0x2001 && g[1] === 0)
    return [
      { form: 'Teredo client', ipv4: v4(g[6]! ^ 0xffff, g[7]! ^ 0xffff) },
      { form: 'Teredo server', ipv4: v4(g[2]!, g[3]!) },
    ];
  return [];
}

/** The eight 16-bit groups of an IPv6 address (a zone index ignored), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.split('%')[0]!;
  if (!bare.includes(':')) return null;
  let canonical: string;
  try {
    canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
