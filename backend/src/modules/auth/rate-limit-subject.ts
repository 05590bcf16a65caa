import { isIPv4, isIPv6 } from 'node:net';

/**
 * The rate-limit subject for a client address. An IPv6 subscriber is usually given a whole /64, so an
 * address counts by its /64; IPv4 counts as is, and an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4.
 */
export function addressSubject(ip: string | null | undefined): string {
  const address = ip?.trim().toLowerCase().replace(/%.*$/, '');
  if (!address) return 'unknown';
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 folded in). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = text.split('::');
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
