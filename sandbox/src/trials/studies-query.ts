import { createHash } from 'node:crypto';
import type { FieldResolver } from './fields';
import type { GeoFilter, StudySearch } from './study-store';
import { parseSearch } from './text-search';

/** The `Status` enum of the v2 API (ctg-oas-v2.yaml). */
export const STUDY_STATUSES = [
  'ACTIVE_NOT_RECRUITING',
  'COMPLETED',
  'ENROLLING_BY_INVITATION',
  'NOT_YET_RECRUITING',
  'RECRUITING',
  'SUSPENDED',
  'TERMINATED',
  'WITHDRAWN',
  'AVAILABLE',
  'NO_LONGER_AVAILABLE',
  'TEMPORARILY_NOT_AVAILABLE',
  'APPROVED_FOR_MARKETING',
  'WITHHELD',
  'UNKNOWN',
] as const;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

/** Parameters of GET /studies the stand-in serves; any other is a 400 (the real API rejects unknown parameters too). */
const KNOWN = new Set([
  'format',
  'query.cond',
  'query.term',
  'filter.overallStatus',
  'postFilter.overallStatus',
  'filter.geo',
  'postFilter.geo',
  'fields',
  'pageSize',
  'pageToken',
  'countTotal',
  'sort',
]);
/** Parameters that must not change between pages (all but these). */
const PAGING = new Set(['countTotal', 'pageSize', 'pageToken']);
const GEO = /^distance\((-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?),(\d+(?:\.\d+)?)(km|mi)?\)$/;
const KM_PER_MILE = 1.609344;

export interface StudiesQuery {
  search: StudySearch;
  fields: string[][] | null;
  pageSize: number;
  offset: number;
  countTotal: boolean;
  /** Fingerprint of the parameters a page token is bound to. */
  fingerprint: string;
}

export type StudiesQueryResult = { ok: true; query: StudiesQuery } | { ok: false; message: string };

/** Page tokens are opaque: the offset and the fingerprint of the search they belong to. */
export const encodePageToken = (offset: number, fingerprint: string): string =>
  Buffer.from(`${offset}:${fingerprint}`, 'utf8').toString('base64url');

function decodePageToken(token: string): { offset: number; fingerprint: string } | null {
  const m = /^(\d{1,7}):([0-9a-f]{16})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? { offset: Number(m[1]), fingerprint: m[2]! } : null;
}

export function parseStudiesQuery(params: URLSearchParams, fields: FieldResolver): StudiesQueryResult {
  const fail = (message: string): StudiesQueryResult => ({ ok: false, message });
  for (const key of new Set(params.keys())) {
    if (!KNOWN.has(key)) return fail(`unknown parameter "${key}"`);
    if (params.getAll(key).length > 1) return fail(`${key}: given more than once`);
  }
  const get = (key: string) => params.get(key) ?? undefined;

  const format = get('format');
  if (format !== undefined && format !== 'json')
    return fail(format === 'csv' ? 'format: csv is not served by this sandbox' : `format: must be json or csv`);
  if (get('sort') !== undefined) return fail('sort: not supported by this sandbox (results are ranked by distance or ordered by NCT ID)');

  const search: StudySearch = {};
  for (const [key, target] of [
    ['query.cond', 'cond'],
    ['query.term', 'term'],
  ] as const) {
    const value = get(key);
    if (value === undefined) continue;
    const parsed = parseSearch(key, value);
    if (!parsed.ok) return fail(parsed.message);
    search[target] = parsed.clauses;
  }

  const statusParam = get('filter.overallStatus') ?? get('postFilter.overallStatus');
  if (statusParam !== undefined) {
    const values = statusParam.split(/[,|]/).map((v) => v.trim());
    const bad = values.find((v) => !(STUDY_STATUSES as readonly string[]).includes(v));
    if (bad !== undefined) return fail(`filter.overallStatus: unknown value "${bad}"; expected one of ${STUDY_STATUSES.join(', ')}`);
    search.statuses = new Set(values);
  }

  const geoParam = get('filter.geo') ?? get('postFilter.geo');
  if (geoParam !== undefined) {
    const m = GEO.exec(geoParam);
    if (!m) return fail(`filter.geo: must match distance(lat,lon,dist) with dist in mi or km, e.g. distance(39.0035707,-77.1013313,50mi)`);
    const geo: GeoFilter = { lat: Number(m[1]), lon: Number(m[2]), miles: m[4] === 'km' ? Number(m[3]) / KM_PER_MILE : Number(m[3]) };
    if (Math.abs(geo.lat) > 90 || Math.abs(geo.lon) > 180) return fail('filter.geo: latitude must be within ±90 and longitude within ±180');
    search.geo = geo;
  }

  let projection: string[][] | null = null;
  const fieldsParam = get('fields');
  if (fieldsParam !== undefined) {
    const resolved = fields.resolve(fieldsParam);
    if (!resolved.ok) return fail(resolved.message);
    projection = resolved.paths;
  }

  let pageSize = DEFAULT_PAGE_SIZE;
  const sizeParam = get('pageSize');
  if (sizeParam !== undefined) {
    if (!/^\d{1,9}$/.test(sizeParam)) return fail('pageSize: must be a non-negative integer');
    const size = Number(sizeParam);
    pageSize = size === 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE);
  }

  const countParam = get('countTotal');
  if (countParam !== undefined && countParam !== 'true' && countParam !== 'false') return fail('countTotal: must be true or false');

  const bound = [...params.entries()]
    .filter(([key]) => !PAGING.has(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const fingerprint = createHash('sha256').update(bound).digest('hex').slice(0, 16);

  let offset = 0;
  const tokenParam = get('pageToken');
  if (tokenParam !== undefined) {
    const decoded = decodePageToken(tokenParam);
    if (!decoded) return fail('pageToken: not a token this API issued');
    if (decoded.fingerprint !== fingerprint) return fail("pageToken: the other parameters differ from the first page's");
    offset = decoded.offset;
  }

  return { ok: true, query: { search, fields: projection, pageSize, offset, countTotal: countParam === 'true', fingerprint } };
}
