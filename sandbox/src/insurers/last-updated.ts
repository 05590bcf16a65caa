import type { FhirResource } from './fhir-types';

/**
 * The FHIR `_lastUpdated` search parameter (a date search on `meta.lastUpdated`): prefixes ge, gt, le and lt,
 * values a FHIR date or dateTime of any precision (a time needs its zone), commas for "or", repeats for "and".
 * A value's precision makes it a range: `ge2026-04` starts at April's first instant, `gt2026-04` after its last.
 */
export const LAST_UPDATED_PREFIXES = ['ge', 'gt', 'le', 'lt'] as const;
type Prefix = (typeof LAST_UPDATED_PREFIXES)[number];

const VALUE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

export type LastUpdatedFilter = { ok: true; matches(resource: FhirResource): boolean } | { ok: false; message: string };

/** [start, end) of the instants a value stands for, in ms since the epoch; undefined when it is not a valid date. */
function rangeOf(value: string): [number, number] | undefined {
  const m = VALUE.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = mo === undefined ? 1 : Number(mo);
  const day = d === undefined ? 1 : Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(local).getUTCDate() !== day) return undefined;
  let offsetMs = 0;
  if (zone && zone !== 'Z') {
    const [zh, zm] = zone.slice(1).split(':').map(Number) as [number, number];
    if (zh > 14 || zm > 59) return undefined;
    offsetMs = (zone.startsWith('-') ? -1 : 1) * (zh * 60 + zm) * 60_000;
  }
  const fracMs = frac === undefined ? 0 : Number(`0.${frac}`) * 1000;
  const start = local - offsetMs + Math.floor(fracMs);
  if (mo === undefined) return [start, Date.UTC(year + 1, 0, 1)];
  if (d === undefined) return [start, Date.UTC(year, month, 1)];
  if (h === undefined) return [start, start + 86_400_000];
  if (s === undefined) return [start, start + 60_000];
  if (frac === undefined) return [start, start + 1000];
  return [start, start + 1];
}

function condition(raw: string): ((t: number) => boolean) | string {
  const prefix = raw.slice(0, 2);
  if (!/^[a-z]{2}/.test(raw)) return `_lastUpdated "${raw}" needs a prefix: ${LAST_UPDATED_PREFIXES.join(', ')}`;
  if (!(LAST_UPDATED_PREFIXES as readonly string[]).includes(prefix))
    return `_lastUpdated prefix "${prefix}" is not supported: use ${LAST_UPDATED_PREFIXES.join(', ')}`;
  const range = rangeOf(raw.slice(2));
  if (!range) return `_lastUpdated "${raw.slice(2)}" is not a FHIR date or dateTime with a time zone (e.g. 2026-04-01T00:00:00Z)`;
  const [start, end] = range;
  const tests: Record<Prefix, (t: number) => boolean> = {
    ge: (t) => t >= start,
    gt: (t) => t >= end,
    le: (t) => t < end,
    lt: (t) => t < start,
  };
  return tests[prefix as Prefix];
}

/** The filter for every `_lastUpdated` value of a search (none: everything matches). */
export function parseLastUpdated(values: readonly string[]): LastUpdatedFilter {
  const all: ((t: number) => boolean)[] = [];
  for (const value of values) {
    const any: ((t: number) => boolean)[] = [];
    for (const part of value.split(',')) {
      const test = condition(part.trim());
      if (typeof test === 'string') return { ok: false, message: test };
      any.push(test);
    }
    all.push((t) => any.some((test) => test(t)));
  }
  return {
    ok: true,
    matches(resource) {
      if (!all.length) return true;
      const stamp = Date.parse(String((resource.meta as { lastUpdated?: unknown } | undefined)?.lastUpdated ?? ''));
      return !Number.isNaN(stamp) && all.every((test) => test(stamp));
    },
  };
}
