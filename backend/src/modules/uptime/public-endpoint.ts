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

/** Loopback, private, link-local, shared (CGNAT) and unspecified IPv4 ranges. */
function isInternalIPv4(address: string): boolean {
  const [a, b] = address.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

function isInternalIPv6(address: string): boolean {
  const a = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return isInternalIPv4(mapped[1]);
  // ::, ::1, unique local fc00::/7, link-local fe80::/10.
  return a === '::' || a === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(a) || /^fe[89ab][0-9a-f]?:/.test(a);
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
