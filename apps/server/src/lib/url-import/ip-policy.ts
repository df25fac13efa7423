import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses a URL import may connect to: only public unicast ones (OWASP SSRF cheat sheet).
 * IPv4 uses a deny list of the special-purpose ranges. IPv6 uses an allow list, global unicast 2000::/3
 * (everything IANA hands out), so loopback, unique-local, link-local, multicast, NAT64 and whatever gets
 * reserved later stay out without being listed. IPv6 forms that carry an IPv4 address are judged by it.
 */
type Range = { readonly bytes: readonly number[]; readonly prefix: number };

const NON_PUBLIC_IPV4 = [
  '0.0.0.0/8', // "this network"; 0.0.0.0 reaches the local host on Linux
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, includes the 169.254.169.254 cloud metadata service
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // former 6to4 relay anycast
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes broadcast 255.255.255.255
].map(parseRange);

const GLOBAL_UNICAST_IPV6 = parseRange('2000::/3');

const NON_PUBLIC_IPV6 = [
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID, ...; no web hosts live here
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
].map(parseRange);

const IPV4_MAPPED = parseRange('::ffff:0:0/96');
const IPV4_COMPATIBLE = parseRange('::/96');
const SIX_TO_FOUR = parseRange('2002::/16');

/** True when `address` is an IPv4 or IPv6 address on the public internet; false for anything else. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4) return isPublicIPv4(v4);
  const v6 = parseIPv6(address);
  if (!v6) return false;
  // ::ffff:127.0.0.1 and ::127.0.0.1 are spellings of an IPv4 address: the dual-stack socket goes there.
  if (inRange(v6, IPV4_MAPPED) || inRange(v6, IPV4_COMPATIBLE)) return isPublicIPv4(v6.slice(12));
  // 6to4 tunnels to the IPv4 address in bits 16..48.
  if (inRange(v6, SIX_TO_FOUR)) return isPublicIPv4(v6.slice(2, 6));
  return inRange(v6, GLOBAL_UNICAST_IPV6) && !NON_PUBLIC_IPV6.some((range) => inRange(v6, range));
}

/** A URL's hostname keeps IPv6 literals in brackets; net and dns want them bare. */
export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function isPublicIPv4(bytes: readonly number[]): boolean {
  return !NON_PUBLIC_IPV4.some((range) => inRange(bytes, range));
}

function inRange(bytes: readonly number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    const index = Math.floor(bit / 8);
    if (((bytes[index] ?? 0) & mask) !== ((range.bytes[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** Strict dotted quad only: odd spellings (0x7f.1, 2130706433) never get here, WHATWG URL rewrites them. */
function parseIPv4(text: string): number[] | null {
  return isIPv4(text) ? text.split('.').map(Number) : null;
}

/** Sixteen bytes; a zone (`fe80::1%eth0`) is dropped, an IPv4 tail (`::ffff:1.2.3.4`) is folded in. */
function parseIPv6(text: string): number[] | null {
  const address = text.split('%', 1)[0] ?? '';
  if (!isIPv6(address)) return null;
  const lastColon = address.lastIndexOf(':');
  const v4 = parseIPv4(address.slice(lastColon + 1));
  const hex = v4
    ? `${address.slice(0, lastColon + 1)}${hexPair(v4[0], v4[1])}:${hexPair(v4[2], v4[3])}`
    : address;
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function hexPair(high = 0, low = 0): string {
  return ((high << 8) | low).toString(16);
}

function parseRange(cidr: string): Range {
  const [address = '', prefix = ''] = cidr.split('/');
  const bytes = parseIPv4(address) ?? parseIPv6(address);
  if (!bytes) throw new Error(`Bad range ${cidr}`);
  return { bytes, prefix: Number(prefix) };
}
