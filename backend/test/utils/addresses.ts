import { randomBytes } from 'node:crypto';

/** An IPv6 address in a /64 of its own (rate limits count IPv6 by /64), from the documentation range. */
export function anIPv6(): string {
  const [a, b, c] = [0, 1, 2].map(() => randomBytes(2).toString('hex'));
  return `2001:db8:${a}:${b}::${c}`;
}
