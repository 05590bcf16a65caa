import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';

/** The parts of an API v2 study the product reads (ctg-oas-v2.yaml, `Study`). */
export interface V2Study {
  protocolSection?: {
    identificationModule?: { nctId?: string; briefTitle?: string; officialTitle?: string; organization?: { fullName?: string } };
    statusModule?: {
      overallStatus?: string;
      startDateStruct?: { date?: string };
      primaryCompletionDateStruct?: { date?: string };
      lastUpdatePostDateStruct?: { date?: string };
    };
    descriptionModule?: { briefSummary?: string; detailedDescription?: string };
    conditionsModule?: { conditions?: string[]; keywords?: string[] };
    designModule?: { phases?: string[] };
    eligibilityModule?: {
      eligibilityCriteria?: string;
      healthyVolunteers?: boolean;
      sex?: string;
      minimumAge?: string;
      maximumAge?: string;
      stdAges?: string[];
    };
    armsInterventionsModule?: { interventions?: { type?: string; name?: string; description?: string }[] };
    outcomesModule?: { primaryOutcomes?: { measure?: string; timeFrame?: string }[] };
    contactsLocationsModule?: { locations?: V2Location[] };
  };
  derivedSection?: { conditionBrowseModule?: { meshes?: { term?: string }[]; ancestors?: { term?: string }[] } };
}

export interface V2Location {
  facility?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  geoPoint?: { lat?: number; lon?: number };
}

/** A `GET /studies` search. `maxStudies` stops paging once that many have come. */
export interface StudySearch {
  cond?: string;
  term?: string;
  statuses?: readonly string[];
  geo?: { lat: number; lon: number; miles: number };
  fields?: readonly string[];
  pageSize?: number;
  maxStudies?: number;
}

export interface StudySearchResult {
  studies: V2Study[];
  pages: number;
  /** True when paging stopped at maxStudies with more left. */
  truncated: boolean;
}

/**
 * ClinicalTrials.gov failed us: it could not be reached, timed out, answered 5xx (all `transient`) or answered
 * something else than the protocol: a 4xx, a page that is not `PagedStudies` (`permanent`). The message names the path
 * and status only, never the query (conditions are health data).
 */
export class ClinicalTrialsError extends Error {
  override readonly name = 'ClinicalTrialsError';
  constructor(
    message: string,
    readonly kind: 'transient' | 'permanent',
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** The pieces of a study the matching and the detail page read: what `fields` asks for. */
export const STUDY_FIELDS = [
  'IdentificationModule',
  'StatusModule',
  'DescriptionModule',
  'ConditionsModule',
  'Phase',
  'EligibilityModule',
  'Intervention',
  'PrimaryOutcome',
  'Location',
  'ConditionBrowseModule',
] as const;

/** The API's page size limit (larger values are coerced down to it). */
export const MAX_PAGE_SIZE = 1000;
/** A safety stop: a search that keeps handing out tokens is cut here. */
const MAX_PAGES = 50;
/** Same-origin redirects followed for one request. */
export const MAX_REDIRECTS = 3;

/** `{base}/{relative}`: the base exactly as configured, with or without a trailing slash or a path prefix. */
export function clinicalTrialsUrl(base: string, relative: string, params: Record<string, string | undefined> = {}): URL {
  const url = new URL(relative.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url;
}

/** The query parameters of one page of a search (API v2 names; lists comma-separated). */
export function studySearchParams(search: StudySearch, pageToken?: string): Record<string, string | undefined> {
  return {
    'query.cond': search.cond,
    'query.term': search.term,
    'filter.overallStatus': search.statuses?.length ? search.statuses.join(',') : undefined,
    'filter.geo': search.geo
      ? `distance(${round(search.geo.lat, 6)},${round(search.geo.lon, 6)},${round(search.geo.miles, 1)}mi)`
      : undefined,
    fields: search.fields?.length ? search.fields.join(',') : undefined,
    pageSize: String(Math.min(search.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE)),
    pageToken,
  };
}

const round = (n: number, digits: number) => String(Number(n.toFixed(digits)));

/**
 * ClinicalTrials.gov API v2 over fetch: `GET {base}/studies` paged by `nextPageToken` (pages may be smaller than
 * asked; each later page repeats the first page's parameters, as the API requires), `GET {base}/version`. Every request
 * times out after `trials.timeoutMs`; a 5xx or a timeout is a failure of the whole search (no partial list is shown).
 */
@Injectable()
export class ClinicalTrialsClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(config: ConfigService<AppConfig, true>) {
    const { baseUrl, timeoutMs } = config.get('trials', { infer: true });
    this.baseUrl = baseUrl;
    this.timeoutMs = timeoutMs;
  }

  async searchStudies(search: StudySearch): Promise<StudySearchResult> {
    const studies: V2Study[] = [];
    let token: string | undefined;
    let pages = 0;
    const max = search.maxStudies ?? Infinity;
    for (;;) {
      const page = await this.get('studies', studySearchParams(search, token));
      if (!isObject(page) || !Array.isArray(page.studies))
        throw new ClinicalTrialsError('GET /studies: the answer is not PagedStudies', 'permanent');
      pages++;
      studies.push(...(page.studies.filter(isObject) as V2Study[]));
      const next = page.nextPageToken;
      if (next !== undefined && next !== null && typeof next !== 'string') {
        throw new ClinicalTrialsError('GET /studies: nextPageToken is not text', 'permanent');
      }
      if (!next) return { studies, pages, truncated: false };
      if (studies.length >= max || pages >= MAX_PAGES) return { studies: studies.slice(0, max), pages, truncated: true };
      token = next;
    }
  }

  /** The data version: `dataTimestamp` (yyyy-MM-dd'T'HH:mm:ss, UTC) of the studies the API serves. */
  async dataTimestamp(): Promise<string> {
    const body = await this.get('version', {});
    const stamp = isObject(body) ? body.dataTimestamp : undefined;
    if (typeof stamp !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(stamp)) {
      throw new ClinicalTrialsError('GET /version: no dataTimestamp', 'permanent');
    }
    return stamp;
  }

  private async get(relative: string, params: Record<string, string | undefined>): Promise<unknown> {
    let url = clinicalTrialsUrl(this.baseUrl, relative, params);
    const origin = url.origin;
    const label = `GET ${url.pathname}`;
    let response: Response;
    for (let hop = 0; ; hop++) {
      try {
        // The query holds the member's condition terms and home coordinates: a redirect is followed here, on the
        // configured origin only, never by fetch to wherever the answer points.
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        const name = (error as Error).name;
        const reason = name === 'TimeoutError' || name === 'AbortError' ? `timed out after ${this.timeoutMs} ms` : 'could not be reached';
        throw new ClinicalTrialsError(`${label} ${reason}`, 'transient');
      }
      if (response.status < 300 || response.status >= 400) break;
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      let next: URL | null = null;
      try {
        next = location ? new URL(location, url) : null;
      } catch {
        next = null;
      }
      if (!next || next.origin !== origin || hop >= MAX_REDIRECTS) {
        // The message names the other host, never the URL (its query holds the member's terms).
        const why = !next ? 'without a usable location' : next.origin !== origin ? `to another origin (${next.host})` : 'too often';
        throw new ClinicalTrialsError(`${label} redirected ${why}: not followed`, 'permanent', response.status);
      }
      url = next;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const transient = response.status >= 500 || response.status === 429;
      throw new ClinicalTrialsError(`${label} answered ${response.status}`, transient ? 'transient' : 'permanent', response.status);
    }
    try {
      return (await response.json()) as unknown;
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ClinicalTrialsError(`${label} timed out after ${this.timeoutMs} ms`, 'transient');
      throw new ClinicalTrialsError(`${label}: the answer is not JSON`, 'permanent', response.status);
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
