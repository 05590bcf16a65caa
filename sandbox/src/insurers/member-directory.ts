import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { INSURER_DATA_DIR, loadCodeTables } from './code-tables';
import { patientIdOf, type FhirResource } from './fhir-types';
import { insurerProfile, type InsurerKey } from './insurer-catalogue';
import { GENERATED_END_DATE, generateMember, type MemberPlan } from './member-generator';

export interface MemberSummary {
  username: string;
  label: string;
  patientId: string;
  source: 'generated' | 'fixture';
  name: string;
  counts: Record<string, number>;
}

export interface MemberRecord extends MemberSummary {
  /** The member's resources by type, in the order they are served. */
  byType: Map<string, FhirResource[]>;
}

interface FixtureMember {
  username: string;
  label: string;
  patientId: string;
  insurers?: string[];
  resources: FhirResource[];
}

/** Generated members every insurer serves, besides the fixtures. */
export const GENERATED_MEMBERS: readonly (Omit<MemberPlan, 'seed' | 'patientId'> & { username: string; label: string })[] = [
  {
    username: 'member-small',
    label: 'Generated: 1 year of claims',
    years: 1,
    chronicConditions: 2,
    acutePerYear: 3,
    inpatientPerYear: 0,
    ageRange: [45, 64],
  },
  {
    username: 'member-typical',
    label: 'Generated: 3 years of claims',
    years: 3,
    chronicConditions: 3,
    acutePerYear: 4,
    inpatientPerYear: 0.15,
    ageRange: [62, 74],
  },
  {
    username: 'member-large',
    label: 'Generated: 5 years of claims',
    years: 5,
    chronicConditions: 7,
    acutePerYear: 6,
    inpatientPerYear: 0.4,
    ageRange: [68, 82],
    minimumClaims: 600,
    minimumPrescriptions: 150,
  },
];

const FIXTURE_FILES = {
  blueButton: ['bluebutton-bbuser29999.json.gz', 'bluebutton-bb2.json.gz', 'bluebutton-sdk-history.json.gz'],
  carin: ['inferno-reference.json.gz', 'carin-bb-examples.json.gz'],
} as const;

const lastUpdatedOf = (r: FhirResource): number =>
  Date.parse(String((r.meta as { lastUpdated?: unknown } | undefined)?.lastUpdated ?? '')) || 0;

function displayName(patient: FhirResource | undefined): string {
  const name = (patient?.name as { text?: string; given?: string[]; family?: string }[] | undefined)?.[0];
  if (!name) return 'Unnamed member';
  return name.text ?? [...(name.given ?? []), name.family].filter(Boolean).join(' ');
}

/** Resources without a `meta.lastUpdated` of their own get one from their dates, never later than this. */
const LATEST_LAST_UPDATED = `${GENERATED_END_DATE}T12:00:00.000Z`;
const DATE_FIELDS = ['created', 'recordedDate', 'authoredOn', 'onsetDateTime', 'issued'] as const;
const PERIOD_FIELDS = ['period', 'billablePeriod'] as const;

function instantOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const full = /^\d{4}$/.test(value) ? `${value}-01-01` : /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(full) ? `${full}T12:00:00Z` : full);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * Every resource served has `meta.lastUpdated` (the `_lastUpdated` search needs it): its own where the source
 * has one, else derived from its dates, deterministically, so that a member is the same on every start.
 */
function withLastUpdated(resource: FhirResource): FhirResource {
  const meta = (resource.meta ?? {}) as Record<string, unknown>;
  if (instantOf(meta.lastUpdated)) return resource;
  const dated = [
    ...DATE_FIELDS.map((f) => resource[f]),
    ...PERIOD_FIELDS.flatMap((f) => [
      (resource[f] as { end?: unknown } | undefined)?.end,
      (resource[f] as { start?: unknown } | undefined)?.start,
    ]),
  ]
    .map(instantOf)
    .find((v) => v !== undefined);
  const lastUpdated = dated && dated < LATEST_LAST_UPDATED ? dated : LATEST_LAST_UPDATED;
  return { ...resource, meta: { ...meta, lastUpdated } };
}

/** Dates in a claim moved to `today` (dateTimes to `now`), leaving `meta` and contained resources alone. */
function redate(value: unknown, today: string, now: string): unknown {
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return today;
    if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) return now;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => redate(v, today, now));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'meta' || k === 'contained' ? v : redate(v, today, now)]));
  }
  return value;
}

const freshIdentifier = (value: unknown): string =>
  typeof value === 'string' && /^\d+$/.test(value)
    ? Array.from(randomBytes(value.length), (b) => String(b % 10)).join('')
    : randomBytes(8).toString('hex');

export type AddClaimResult = { ok: true; claim: FhirResource } | { ok: false; status: 404 | 409; message: string };

interface InsurerMembers {
  records: MemberRecord[];
  /** Every resource of the insurer by `Type/id`, with the Patient id whose compartment holds it (null: shared). */
  index: Map<string, { resource: FhirResource; owner: string | null }>;
}

// Members are immutable and deterministic, so every directory over the same data shares one cache.
const fixtureCache = new Map<string, FixtureMember[]>();
const memberCache = new Map<string, InsurerMembers>();

/**
 * The synthetic members each insurer serves: its fixtures (CMS Blue Button samples for Blue Button,
 * CARIN and Inferno examples for the others) and generated members, built on first use and cached.
 */
export class MemberDirectory {
  /** Claims added through the admin API, by `insurer|patientId`: this directory's own, never in the shared cache. */
  private readonly added = new Map<string, FhirResource[]>();
  private readonly addedIndex = new Map<string, { resource: FhirResource; owner: string }>();

  /** Checks the shipped data is there, so that a missing data folder fails at start-up, not at the first sign-in. */
  constructor(private readonly dataDir = INSURER_DATA_DIR) {
    const missing = Object.values(FIXTURE_FILES)
      .flat()
      .filter((file) => !existsSync(join(dataDir, file)));
    if (missing.length) throw new Error(`Sandbox insurer data missing in ${dataDir}: ${missing.join(', ')}`);
    loadCodeTables(dataDir);
  }

  list(key: InsurerKey): MemberRecord[] {
    return this.load(key).records;
  }

  private load(key: InsurerKey): InsurerMembers {
    const cached = memberCache.get(`${this.dataDir}|${key}`);
    if (cached) return cached;
    const profile = insurerProfile(key);
    const records: MemberRecord[] = [];
    const index = new Map<string, { resource: FhirResource; owner: string | null }>();
    const add = (username: string, label: string, patientId: string, source: MemberRecord['source'], resources: FhirResource[]) => {
      const byType = new Map<string, FhirResource[]>();
      for (let r of resources) {
        const owner = patientIdOf(r) ?? null;
        r = withLastUpdated(r);
        if (owner !== null && owner !== patientId) continue;
        if (!index.has(`${r.resourceType}/${r.id}`)) index.set(`${r.resourceType}/${r.id}`, { resource: r, owner });
        if (owner === null) continue;
        byType.set(r.resourceType, [...(byType.get(r.resourceType) ?? []), r]);
      }
      const counts = Object.fromEntries([...byType].map(([type, list]) => [type, list.length]));
      records.push({ username, label, patientId, source, name: displayName(byType.get('Patient')?.[0]), counts, byType });
    };
    for (const file of FIXTURE_FILES[profile.flavour]) {
      for (const m of this.fixtures(file)) {
        if (!m.insurers || m.insurers.includes(key)) add(m.username, m.label, m.patientId, 'fixture', m.resources);
      }
    }
    const tables = loadCodeTables(this.dataDir);
    for (const plan of GENERATED_MEMBERS) {
      const patientId = `${key}-${plan.username}`;
      const resources = generateMember(tables, profile, { ...plan, seed: `${key}:${plan.username}`, patientId });
      add(plan.username, plan.label, patientId, 'generated', resources);
    }
    const loaded = { records, index };
    memberCache.set(`${this.dataDir}|${key}`, loaded);
    return loaded;
  }

  /** Usernames without generating anyone (for the index page). */
  usernames(key: InsurerKey): string[] {
    const fixtures = FIXTURE_FILES[insurerProfile(key).flavour].flatMap((file) => this.fixtures(file));
    return [
      ...fixtures.filter((m) => !m.insurers || m.insurers.includes(key)).map((m) => m.username),
      ...GENERATED_MEMBERS.map((g) => g.username),
    ];
  }

  byUsername(key: InsurerKey, username: string): MemberRecord | undefined {
    const wanted = username.trim().toLowerCase();
    return this.list(key).find((m) => m.username.toLowerCase() === wanted);
  }

  byPatientId(key: InsurerKey, patientId: string): MemberRecord | undefined {
    return this.list(key).find((m) => m.patientId === patientId);
  }

  /** A member's resources of one type, in the order they are served: the shipped ones, then those added since. */
  resourcesOf(key: InsurerKey, patientId: string, type: string): FhirResource[] {
    const base = this.byPatientId(key, patientId)?.byType.get(type) ?? [];
    const added = (this.added.get(`${key}|${patientId}`) ?? []).filter((r) => r.resourceType === type);
    return added.length ? [...base, ...added] : base;
  }

  /** Resource counts by type, added claims included. */
  countsOf(key: InsurerKey, member: MemberRecord): Record<string, number> {
    const counts = { ...member.counts };
    for (const r of this.added.get(`${key}|${member.patientId}`) ?? []) counts[r.resourceType] = (counts[r.resourceType] ?? 0) + 1;
    return counts;
  }

  /** A resource by type and id, with the Patient id it belongs to (null for Organization, Practitioner and the like). */
  find(key: InsurerKey, type: string, id: string): { resource: FhirResource; owner: string | null } | undefined {
    return this.load(key).index.get(`${type}/${id}`) ?? this.addedIndex.get(`${key}|${type}/${id}`);
  }

  /**
   * A new claim for a member, processed `nowMs`: a copy of their latest claim with a new id and identifier, its
   * dates moved to that day and `meta.lastUpdated` = `nowMs` (what a payer's nightly load looks like to a client).
   */
  addClaim(key: InsurerKey, username: string, nowMs: number): AddClaimResult {
    const member = this.byUsername(key, username);
    if (!member) return { ok: false, status: 404, message: `${key} has no member with the username "${username}"` };
    const claims = this.resourcesOf(key, member.patientId, 'ExplanationOfBenefit');
    const latest = [...claims].sort((a, b) => lastUpdatedOf(a) - lastUpdatedOf(b)).pop();
    if (!latest) return { ok: false, status: 409, message: `${username} has no claim to model a new one on` };
    const now = new Date(nowMs).toISOString();
    const copy = redate(latest, now.slice(0, 10), now) as FhirResource;
    const claim: FhirResource = {
      ...copy,
      id: `${member.patientId}-eob-new-${randomBytes(6).toString('hex')}`.replace(/^-/, ''),
      meta: { ...(latest.meta as object), lastUpdated: now },
      ...(Array.isArray(latest.identifier)
        ? { identifier: latest.identifier.map((i: { value?: unknown }) => ({ ...i, value: freshIdentifier(i.value) })) }
        : {}),
    };
    const memberKey = `${key}|${member.patientId}`;
    this.added.set(memberKey, [...(this.added.get(memberKey) ?? []), claim]);
    this.addedIndex.set(`${key}|ExplanationOfBenefit/${claim.id}`, { resource: claim, owner: member.patientId });
    return { ok: true, claim };
  }

  private fixtures(file: string): FixtureMember[] {
    const path = join(this.dataDir, file);
    const cached = fixtureCache.get(path);
    if (cached) return cached;
    const parsed = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as { members: FixtureMember[] };
    fixtureCache.set(path, parsed.members);
    return parsed.members;
  }
}
