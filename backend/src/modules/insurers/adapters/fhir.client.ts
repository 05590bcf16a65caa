import { PartnerPermanentError, PartnerTransientError } from '../insurers.errors';

type Json = Record<string, unknown>;

export interface FhirClientOptions {
  /** Per request. */
  timeoutMs?: number;
  /** Tries of one page on 5xx, 429 and timeouts, with exponential backoff. */
  attempts?: number;
  backoffMs?: number;
  /** Bounds a runaway paging loop. */
  maxPages?: number;
}

const DEFAULTS: Required<FhirClientOptions> = { timeoutMs: 20_000, attempts: 4, backoffMs: 300, maxPages: 1000 };

/**
 * `{base}/{path}` whether or not the configured base ends in `/` (`/v2/fhir` and `/v2/fhir/` both give
 * `/v2/fhir/ExplanationOfBenefit`); the base is otherwise used exactly as configured.
 */
export function fhirUrl(base: string, path: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}${path.replace(/^\/+/, '')}`;
}

/** The path of a FHIR URL for messages and logs, without a resource id (a patient id is personal data). */
const pathForLog = (url: string): string => new URL(url).pathname.replace(/\/([A-Z][A-Za-z]+)\/[^/]+\/?$/, '/$1/{id}');

/**
 * Reads a FHIR R4 search to its end: follows Bundle.link[next], retries a page on 5xx, 429 and timeouts with
 * backoff, and refuses a response that is not a searchset Bundle. A `next` link is followed only on the origin of
 * the first URL (the configured FHIR base): the access token goes with every page, so it must never reach another
 * host. Each page's resources go to `onPage` as it arrives; the next page is requested while `onPage` works
 * (storing one page overlaps fetching the next). Resolves once every page is handled.
 */
export async function searchPages(
  firstUrl: string,
  accessToken: () => Promise<string>,
  onPage: (resources: Json[]) => Promise<void>,
  options: FhirClientOptions = {},
): Promise<void> {
  const opts = { ...DEFAULTS, ...options };
  let handling: Promise<void> = Promise.resolve();
  const seen = new Set<string>();
  const origin = new URL(firstUrl).origin;
  let url: string | null = firstUrl;
  for (let page = 0; url; page++) {
    if (page >= opts.maxPages) throw new PartnerPermanentError(`more than ${opts.maxPages} pages`);
    if (seen.has(url)) throw new PartnerPermanentError('paging loops back to a page already read', null, new URL(url).host);
    seen.add(url);
    const bundle = await getPage(url, accessToken, opts);
    const resources: Json[] = [];
    for (const entry of bundle.entry as Json[]) {
      const resource = entry && typeof entry === 'object' ? (entry as Json).resource : null;
      if (resource && typeof resource === 'object' && (resource as Json).resourceType !== 'OperationOutcome')
        resources.push(resource as Json);
    }
    // One page is handled at a time, in order; a failure surfaces at the next page or at the end.
    await handling;
    handling = onPage(resources);
    // Marked handled now (it is awaited before the next page or at the end), so a storage failure while the
    // next page downloads is not an unhandled rejection.
    handling.catch(() => undefined);
    const next = (bundle.link as Json[] | undefined)?.find((l) => l.relation === 'next');
    url = typeof next?.url === 'string' && next.url ? new URL(next.url, url).toString() : null;
    if (url && new URL(url).origin !== origin) {
      const home = new URL(origin).host;
      throw new PartnerPermanentError(
        `the next page link points to another origin (${new URL(url).host}, not ${home}): not followed`,
        null,
        home,
      );
    }
  }
  await handling;
}

/** A single resource read (e.g. Patient/{id}). */
export async function read(url: string, accessToken: () => Promise<string>, options: FhirClientOptions = {}): Promise<Json> {
  const body = await fetchJson(url, accessToken, { ...DEFAULTS, ...options });
  if (typeof body.resourceType !== 'string') throw new PartnerPermanentError('malformed FHIR resource', 200, new URL(url).host);
  return body;
}

async function getPage(url: string, accessToken: () => Promise<string>, opts: Required<FhirClientOptions>): Promise<Json> {
  const body = await fetchJson(url, accessToken, opts);
  if (body.resourceType !== 'Bundle' || (body.entry !== undefined && !Array.isArray(body.entry))) {
    throw new PartnerPermanentError('malformed FHIR Bundle', 200, new URL(url).host);
  }
  return { ...body, entry: body.entry ?? [] };
}

async function fetchJson(url: string, accessToken: () => Promise<string>, opts: Required<FhirClientOptions>): Promise<Json> {
  const host = new URL(url).host;
  const path = pathForLog(url);
  let lastError: Error = new PartnerTransientError('no attempt made', null, host);
  for (let attempt = 1; attempt <= opts.attempts; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, opts.backoffMs * 2 ** (attempt - 2)));
    // Outside the try: a failed refresh is the token endpoint's error, not this page's.
    const token = await accessToken();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/fhir+json, application/json', authorization: `Bearer ${token}` },
        // A redirect could carry the token elsewhere: a 3xx is an answer, refused below.
        redirect: 'manual',
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
      lastError = new PartnerTransientError(`${path}: ${reason}`, null, host);
      continue;
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      lastError = new PartnerTransientError(`${path} answered ${response.status}`, response.status, host);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      const redirect = response.status >= 300 && response.status < 400 ? ' (a redirect, not followed: check the FHIR base URL)' : '';
      throw new PartnerPermanentError(`${path} answered ${response.status}${redirect}`, response.status, host);
    }
    try {
      return (await response.json()) as Json;
    } catch {
      throw new PartnerPermanentError(`${path}: the answer is not JSON`, response.status, host);
    }
  }
  throw lastError;
}
