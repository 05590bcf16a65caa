import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { INSURER_DATA_DIR, loadCodeTables } from './code-tables';
import { patientIdOf, type FhirResource } from './fhir-types';
import { insurerProfile, type InsurerKey } from './insurer-catalogue';
import { generateMember, type MemberPlan } from './member-generator';

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

function displayName(patient: FhirResource | undefined): string {
  const name = (patient?.name as { text?: string; given?: string[]; family?: string }[] | undefined)?.[0];
  if (!name) return 'Unnamed member';
  return name.text ?? [...(name.given ?? []), name.family].filter(Boolean).join(' ');
}

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
      for (const r of resources) {
        const owner = patientIdOf(r) ?? null;
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

  /** A resource by type and id, with the Patient id it belongs to (null for Organization, Practitioner and the like). */
  find(key: InsurerKey, type: string, id: string): { resource: FhirResource; owner: string | null } | undefined {
    return this.load(key).index.get(`${type}/${id}`);
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
