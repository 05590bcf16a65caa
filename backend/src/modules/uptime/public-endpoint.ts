import { isIP } from 'node:net';

/** What the answer shows in place of a host a member could not reach or look up (README: "Endpoint"). */
export const INTERNAL_HOST = '(internal host)';

// Names that resolve only inside a network (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal) or by convention.
const INTERNAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.lan',
  '.home.arpa',
  '.intranet',
  '.corp',
  '.private',
  '.test',
  '.invalid',
  '.example',
];

// IPv4 ranges no public server lives in (IANA special-purpose registry, RFC 6890): [first address, prefix length].
const INTERNAL_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 3], // multicast (224/4), reserved (240/4) and broadcast
];

const ipv4ToNumber = (address: string): number => address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);

/** `address` must be a dotted quad (net.isIP(address) === 4). */
export function isInternalIPv4(address: string): boolean {
  const value = ipv4ToNumber(address);
  return INTERNAL_IPV4.some(([first, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(ipv4ToNumber(first) / 2 ** (32 - bits)));
}

/** The eight 16-bit groups of an IPv6 address (net.isIP(address) === 6), a trailing dotted quad and zone included. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const embeddedIPv4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** `address` must be IPv6 (net.isIP(address) === 6). */
export function isInternalIPv6(address: string): boolean {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  // ::/96 (unspecified, loopback, the deprecated IPv4-compatible form): nothing public.
  if (zeros(0, 6)) return true;
  // IPv4-mapped ::ffff:0:0/96 (`[::ffff:127.0.0.1]` reaches 127.0.0.1; URL writes it `[::ffff:7f00:1]`), and the
  // IPv4-translated ::ffff:0:0:0/96 and NAT64 64:ff9b::/96 forms: as the IPv4 address they carry.
  if (
    (zeros(0, 5) && g[5] === 0xffff) ||
    (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) ||
    (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6))
  ) {
    return isInternalIPv4(embeddedIPv4(g[6], g[7]));
  }
  // 6to4 2002::/16 carries an IPv4 address in its second and third groups.
  if (g[0] === 0x2002) return isInternalIPv4(embeddedIPv4(g[1], g[2]));
  return (
    (g[0] & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (g[0] & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g[0] & 0xffc0) === 0xfec0 || // site-local fec0::/10 (deprecated)
    (g[0] & 0xff00) === 0xff00 || // multicast ff00::/8
    (g[0] === 0x100 && zeros(1, 4)) || // discard-only 100::/64
    (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) || // local-use NAT64 64:ff9b:1::/48
    (g[0] === 0x2001 && g[1] === 0) || // Teredo 2001::/32
    (g[0] === 0x2001 && g[1] === 0xdb8) // documentation 2001:db8::/32
  );
}

/** True for a host only a private network knows: the answer must not name it. */
export function isInternalHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const ip = isIP(host);
  if (ip === 4) return isInternalIPv4(host);
  if (ip === 6) return isInternalIPv6(host);
  // A single label (`sandbox`, `fhir-proxy`) is a name of the local network or of a container.
  if (host === 'localhost' || !host.includes('.')) return true;
  return INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * The configured FHIR base as the public answer shows it: scheme, host and path only (no user info, query or
 * fragment, which could carry a key); a host on a private network becomes INTERNAL_HOST and only its path stays.
 * Empty when nothing is configured.
 */
export function publicEndpoint(configured: string | null): string {
  if (!configured) return '';
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    return INTERNAL_HOST;
  }
  if (isInternalHost(url.hostname)) return `${INTERNAL_HOST}${url.pathname}`;
  return `${url.protocol}//${url.host}${url.pathname}`;
}
