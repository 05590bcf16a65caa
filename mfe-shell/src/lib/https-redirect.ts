const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The https address to go to instead, or null when the page may stay (https, or a local dev host). */
export function httpsUrlFor(location: Pick<Location, 'protocol' | 'hostname' | 'href'>): string | null {
  if (location.protocol !== 'http:' || LOCAL_HOSTS.has(location.hostname)) return null;
  return `https:${location.href.slice('http:'.length)}`;
}
