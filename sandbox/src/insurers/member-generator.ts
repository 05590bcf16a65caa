import { dottedIcd10, type ChronicProfile, type CodeTables, type DrugSpec, type NdcEntry } from './code-tables';
import type { FhirReference, FhirResource } from './fhir-types';
import { SeededRandom } from './random';

/**
 * Builds a synthetic CARIN Blue Button member from a seed: Patient, Coverage, Condition, Encounter,
 * MedicationRequest and ExplanationOfBenefit (pharmacy, professional, institutional), with real codes
 * from the shipped NDC, ICD-10-CM and HCPCS subsets tied together by care-profiles.json.
 * Same tables + same insurer + same plan = the same resources, byte for byte.
 */

export interface GeneratorInsurer {
  key: string;
  name: string;
  flavour: 'blueButton' | 'carin';
}

export interface MemberPlan {
  seed: string;
  patientId: string;
  years: number;
  chronicConditions: number;
  acutePerYear: number;
  inpatientPerYear: number;
  ageRange: [number, number];
  /** Acute episodes are added until the member has at least this many claims and prescriptions. */
  minimumClaims?: number;
  minimumPrescriptions?: number;
}

/** The last day of generated history: fixed, so that a seed gives the same member on any day. */
export const GENERATED_END_DATE = '2026-04-15';

export const SYSTEMS = {
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  ndc: 'http://hl7.org/fhir/sid/ndc',
  hcpcs: 'https://bluebutton.cms.gov/resources/codesystem/hcpcs',
  claimType: 'http://terminology.hl7.org/CodeSystem/claim-type',
  eobType: 'https://bluebutton.cms.gov/resources/codesystem/eob-type',
  // CARIN Blue Button names places of service and revenue codes by the code sets' own systems; CMS Blue Button by
  // the claim variables they come from.
  placeOfService: 'https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set',
  bbPlaceOfService: 'https://bluebutton.cms.gov/resources/variables/line_place_of_srvc_cd',
  revenue: 'https://www.nubc.org/CodeSystem/RevenueCodes',
  bbRevenue: 'https://bluebutton.cms.gov/resources/variables/rev_cntr',
  adjudication: 'http://terminology.hl7.org/CodeSystem/adjudication',
  c4bbAdjudication: 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication',
  supportingInfo: 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBSupportingInfoType',
} as const;

const C4BB = 'http://hl7.org/fhir/us/carin-bb/StructureDefinition/';
const DAY_MS = 86_400_000;
const dayOf = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const round2 = (value: number): number => Math.round(value * 100) / 100;
const money = (value: number) => ({ value: round2(value), currency: 'USD' });
const coding = (system: string, code: string, display?: string) => ({ system, code, ...(display ? { display } : {}) });

/** FNV-1a: a stable per-code fraction, so a service costs about the same in every claim. */
function codeFraction(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return (h >>> 0) / 4294967296;
}

const PRICE_RANGES: Record<string, [number, number]> = {
  A: [12, 180],
  E: [60, 900],
  G: [45, 260],
  J: [8, 480],
  L: [70, 650],
  Q: [18, 140],
  V: [40, 300],
};
function listPrice(code: string): number {
  if (/^A04\d\d$/.test(code)) return code === 'A0425' ? 12 : 380 + codeFraction(code) * 600;
  if (/^G038[0-4]$/.test(code)) return 180 + (Number(code.slice(4)) + 1) * 260;
  const [min, max] = PRICE_RANGES[code[0] ?? 'G'] ?? [30, 300];
  return min + codeFraction(code) * (max - min);
}
const unitsFor = (code: string, rng: SeededRandom): number =>
  code === 'A0425' ? rng.int(4, 25) : code === 'G0378' ? rng.int(6, 24) : code.startsWith('J') ? rng.int(1, 3) : 1;

/**
 * CMS place-of-service codes of a professional line: where the visit happened (a ground ambulance's lines: the
 * ambulance itself).
 */
const PLACE_OF_SERVICE: Record<Setting, string> = { office: '11', inpatient: '21', outpatient: '22', emergency: '23' };
const AMBULANCE_PLACE_OF_SERVICE = '41';
const placeOfService = (code: string, setting: Setting): string =>
  /^A04\d\d$/.test(code) ? AMBULANCE_PLACE_OF_SERVICE : PLACE_OF_SERVICE[setting];

/** NUBC revenue codes (UB-04) of a hospital line, by the kind of service its HCPCS code is; a visit otherwise (clinic). */
const REVENUE_CODES: [RegExp, string][] = [
  [/^G038[0-4]$/, '0450'], // emergency room visit
  [/^G0378$/, '0762'], // observation room (per hour)
  [/^A04\d\d$/, '0540'], // ambulance
  [/^(G0103|G0472|G0499|G048[0-3])$/, '0300'], // laboratory
  [/^G040[3-5]$/, '0730'], // EKG/ECG
  [/^G0279$/, '0401'], // mammography
  [/^(G0297|Q0092|A95\d\d)$/, '0320'], // radiology
  [/^(G0121|G0104|G0105)$/, '0750'], // gastro-intestinal services (endoscopy)
  [/^(J|Q0144$|Q20\d\d$|Q4081$|Q9967$)/, '0250'], // pharmacy
  [/^G0283$/, '0420'], // physical therapy
  [/^G023[7-9]$/, '0410'], // respiratory services
  [/^E/, '0290'], // durable medical equipment
  [/^(A[4-7]|L|V2)/, '0270'], // medical and surgical supplies and devices
];
const CLINIC_REVENUE = '0510';
const revenueCode = (code: string): string => REVENUE_CODES.find(([pattern]) => pattern.test(code))?.[1] ?? CLINIC_REVENUE;

/** Preventive services Medicare pays in full. */
const NO_COST_SHARE = /^(G0402|G0438|G0439|G0008|G0009|G0010|Q20\d\d|G0121|G0279|G0101|G0103|G0444|G0442|G0472)$/;

const FEMALE_NAMES = ['Maria', 'Linda', 'Patricia', 'Dorothy', 'Helen', 'Gloria', 'Rosa', 'Joan', 'Evelyn', 'Ruth'];
const MALE_NAMES = ['James', 'Robert', 'Michael', 'William', 'Richard', 'Joseph', 'Charles', 'Thomas', 'Daniel', 'Frank'];
const FAMILY_NAMES = [
  'Alvarez',
  'Brennan',
  'Chen',
  'Dubois',
  'Eriksen',
  'Fontaine',
  'Garcia',
  'Hollis',
  'Iverson',
  'Jablonski',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinlan',
  'Rossi',
  'Sandoval',
  'Thornton',
];
const PLACES: [string, string, string][] = [
  ['Olympia', 'WA', '98501'],
  ['Springfield', 'IL', '62701'],
  ['Tucson', 'AZ', '85701'],
  ['Columbus', 'OH', '43215'],
  ['Raleigh', 'NC', '27601'],
  ['Madison', 'WI', '53703'],
  ['Albany', 'NY', '12207'],
  ['Sacramento', 'CA', '95814'],
];

interface Directory {
  payer: FhirReference;
  clinics: FhirReference[];
  hospital: FhirReference;
  pharmacies: FhirReference[];
  ambulance: FhirReference;
  practitioners: FhirReference[];
  resources: FhirResource[];
}

const directories = new Map<string, Directory>();

/** Each insurer's synthetic network (payer, clinics, hospital, pharmacies, clinicians): the same for all its members. */
export function providerDirectory(insurer: GeneratorInsurer): Directory {
  const cached = directories.get(insurer.key);
  if (cached) return cached;
  const rng = new SeededRandom(`directory:${insurer.key}`);
  const resources: FhirResource[] = [];
  const org = (suffix: string, name: string, type: 'pay' | 'prov'): FhirReference => {
    const id = `${insurer.key}-org-${suffix}`;
    const [city, state] = rng.pick(PLACES);
    resources.push({
      resourceType: 'Organization',
      id,
      active: true,
      type: [
        {
          coding: [
            coding('http://terminology.hl7.org/CodeSystem/organization-type', type, type === 'pay' ? 'Payer' : 'Healthcare Provider'),
          ],
        },
      ],
      name,
      address: [{ city, state, country: 'US' }],
    });
    return { reference: `Organization/${id}`, display: name };
  };
  const payer = org('payer', insurer.name, 'pay');
  const clinics = ['Riverside Family Medicine', 'Lakeview Internal Medicine', 'Northgate Heart and Vascular', 'Summit Orthopedics'].map(
    (name, i) => org(`clinic-${i + 1}`, name, 'prov'),
  );
  const hospital = org('hospital', 'Lakeview Community Hospital', 'prov');
  const pharmacies = ['Main Street Pharmacy', 'Northgate Pharmacy', 'MailRx Home Delivery'].map((name, i) =>
    org(`pharmacy-${i + 1}`, name, 'prov'),
  );
  const ambulance = org('ambulance', 'County Emergency Medical Services', 'prov');
  const practitioners = Array.from({ length: 8 }, (_, i) => {
    const id = `${insurer.key}-practitioner-${i + 1}`;
    const given = rng.pick([...FEMALE_NAMES, ...MALE_NAMES]);
    const family = rng.pick(FAMILY_NAMES);
    resources.push({ resourceType: 'Practitioner', id, active: true, name: [{ family, given: [given], prefix: ['Dr.'] }] });
    return { reference: `Practitioner/${id}`, display: `Dr. ${given} ${family}` };
  });
  const directory = { payer, clinics, hospital, pharmacies, ambulance, practitioners, resources };
  directories.set(insurer.key, directory);
  return directory;
}

type Setting = 'office' | 'outpatient' | 'emergency' | 'inpatient';

interface Adjudicated {
  submitted: number;
  eligible: number;
  patient: number;
  provider: number;
  /** The parts of `patient` the insurer names (they add up to it). */
  deductible: number;
  copay: number;
  coinsurance: number;
}

/** The yearly deductible a member meets before coinsurance applies (Medicare Part B's, 2026). */
const YEARLY_DEDUCTIBLE = 283;
/**
 * The yearly drug deductible (Medicare Part D's standard one, 2026). As in most Part D plans it applies to brand-name
 * fills only: a brand fill is paid in full by the member until the year's deductible is met, then the copay applies.
 */
const YEARLY_DRUG_DEDUCTIBLE = 615;

interface PendingClaim {
  day: number;
  resource: Record<string, unknown>;
}

class MemberBuilder {
  private readonly rng: SeededRandom;
  private readonly dir: Directory;
  private readonly pid: string;
  private readonly patientRef: FhirReference;
  private readonly start: number;
  private readonly end: number;
  private readonly sex: 'female' | 'male';
  private readonly birthDay: number;
  private readonly memberId: string;
  private readonly pcp: FhirReference;
  private readonly pharmacy: FhirReference;
  private readonly conditions: FhirResource[] = [];
  private readonly encounters: FhirResource[] = [];
  private readonly requests: FhirResource[] = [];
  private readonly claims: PendingClaim[] = [];
  /** What is left of each calendar year's deductible, as claims are adjudicated. */
  private readonly deductibleLeft = new Map<number, number>();
  /** The same for the drug deductible (brand fills). */
  private readonly drugDeductibleLeft = new Map<number, number>();
  private coverages: { resource: FhirResource; from: number; to: number }[] = [];
  private patient!: FhirResource;
  private readonly chronicPrimaries: string[] = [];

  constructor(
    private readonly tables: CodeTables,
    private readonly insurer: GeneratorInsurer,
    private readonly plan: MemberPlan,
  ) {
    this.rng = new SeededRandom(plan.seed);
    this.dir = providerDirectory(insurer);
    this.pid = plan.patientId;
    this.patientRef = { reference: `Patient/${plan.patientId}` };
    this.end = dayOf(GENERATED_END_DATE);
    this.start = this.end - Math.round(plan.years * 365);
    this.sex = this.rng.chance(0.55) ? 'female' : 'male';
    const age = this.rng.int(plan.ageRange[0], plan.ageRange[1]);
    this.birthDay = this.end - age * 365 - this.rng.int(0, 364);
    this.memberId = String(this.rng.int(100_000_000, 999_999_999));
    this.pcp = this.rng.pick(this.dir.practitioners);
    this.pharmacy = this.rng.pick(this.dir.pharmacies);
  }

  build(): FhirResource[] {
    this.buildPatient();
    this.buildCoverages();
    this.buildChronicCare();
    this.buildPreventiveCare();
    this.buildAcuteCare();
    this.buildAdmissions();
    while (this.claims.length < (this.plan.minimumClaims ?? 0) || this.requests.length < (this.plan.minimumPrescriptions ?? 0)) {
      this.acuteEpisode(this.rng.int(this.start, this.end));
    }
    const claims = this.claims
      .sort((a, b) => a.day - b.day)
      .map(
        (c, i) =>
          ({
            resourceType: 'ExplanationOfBenefit',
            id: `${this.pid}-eob-${String(i + 1).padStart(5, '0')}`,
            ...c.resource,
          }) as FhirResource,
      );
    const byDate = (field: string) => (a: FhirResource, b: FhirResource) => String(a[field]).localeCompare(String(b[field]));
    return [
      this.patient,
      ...this.coverages.map((c) => c.resource),
      ...this.conditions.sort(byDate('recordedDate')),
      ...this.encounters,
      ...this.requests.sort(byDate('authoredOn')),
      ...claims,
      ...this.dir.resources,
    ];
  }

  // ---- demographics and coverage -----------------------------------------------------------------

  private buildPatient(): void {
    const given = this.rng.pick(this.sex === 'female' ? FEMALE_NAMES : MALE_NAMES);
    const family = this.rng.pick(FAMILY_NAMES);
    const [city, state, postalCode] = this.rng.pick(PLACES);
    this.patient = {
      resourceType: 'Patient',
      id: this.pid,
      meta: { profile: [`${C4BB}C4BB-Patient`] },
      identifier: [
        {
          type: { coding: [coding('http://terminology.hl7.org/CodeSystem/v2-0203', 'MB', 'Member Number')] },
          system: `https://sandbox.healthlink.example/${this.insurer.key}/member-id`,
          value: this.memberId,
        },
      ],
      active: true,
      name: [{ use: 'official', family, given: [given] }],
      telecom: [{ system: 'phone', value: `555-01${String(this.rng.int(0, 99)).padStart(2, '0')}`, use: 'home' }],
      gender: this.sex,
      birthDate: isoDay(this.birthDay),
      address: [
        {
          use: 'home',
          line: [`${this.rng.int(10, 9999)} ${this.rng.pick(['Oak', 'Maple', 'Cedar', 'Elm', 'Pine'])} Street`],
          city,
          state,
          postalCode,
          country: 'US',
        },
      ],
    };
  }

  private buildCoverages(): void {
    const plans: { name: string; from: number; to: number }[] = [];
    if (this.insurer.flavour === 'blueButton') {
      for (const part of ['A', 'B', 'D']) plans.push({ name: `Part ${part}`, from: this.start - this.rng.int(0, 900), to: this.end });
    } else if (this.plan.years >= 3) {
      const switchDay = this.start + Math.round((this.end - this.start) * this.rng.between(0.3, 0.6));
      plans.push({ name: 'Choice PPO', from: this.start - this.rng.int(0, 400), to: switchDay - 1 });
      plans.push({ name: 'Medicare Advantage HMO', from: switchDay, to: this.end });
    } else {
      plans.push({ name: 'Medicare Advantage PPO', from: this.start - this.rng.int(0, 400), to: this.end });
    }
    this.coverages = plans.map((p, i) => ({
      from: p.from,
      to: p.to,
      resource: {
        resourceType: 'Coverage',
        id: `${this.pid}-coverage-${i + 1}`,
        meta: { profile: [`${C4BB}C4BB-Coverage`] },
        identifier: [
          { type: { coding: [coding('http://terminology.hl7.org/CodeSystem/v2-0203', 'MB', 'Member Number')] }, value: this.memberId },
        ],
        status: 'active',
        type: { coding: [coding('http://terminology.hl7.org/CodeSystem/v3-ActCode', 'HIP', 'health insurance plan policy')] },
        subscriberId: this.memberId,
        beneficiary: this.patientRef,
        relationship: { coding: [coding('http://terminology.hl7.org/CodeSystem/subscriber-relationship', 'self', 'Self')] },
        period: { start: isoDay(p.from), ...(p.to < this.end ? { end: isoDay(p.to) } : {}) },
        payor: [this.dir.payer],
        class: [
          {
            type: { coding: [coding('http://terminology.hl7.org/CodeSystem/coverage-class', 'group', 'Group')] },
            value: `GRP${1000 + i}`,
            name: `${this.insurer.name} members`,
          },
          {
            type: { coding: [coding('http://terminology.hl7.org/CodeSystem/coverage-class', 'plan', 'Plan')] },
            value: `PLN${this.rng.int(100, 999)}`,
            name: `${this.insurer.name} ${p.name}`,
          },
        ],
      },
    }));
  }

  private coverageOn(day: number): FhirReference {
    const found = this.coverages.find((c) => c.from <= day && day <= c.to) ?? this.coverages[this.coverages.length - 1];
    return { reference: `Coverage/${found?.resource.id}` };
  }

  // ---- care patterns -----------------------------------------------------------------------------

  private buildChronicCare(): void {
    const profiles = this.tables.profiles.chronic.filter((p) => !(this.sex === 'female' && p.id === 'bph'));
    for (const profile of this.rng.sample(profiles, this.plan.chronicConditions)) this.chronicCondition(profile);
  }

  private chronicCondition(profile: ChronicProfile): void {
    const onset = this.rng.chance(0.7) ? this.start - this.rng.int(30, 2000) : this.rng.int(this.start, this.end - 90);
    const primary = this.rng.pick(profile.icd10cm.slice(0, 2));
    this.chronicPrimaries.push(primary);
    const specialist = this.rng.chance(0.5) ? this.rng.pick(this.dir.practitioners) : this.pcp;
    const clinic = this.rng.pick(this.dir.clinics);
    let day = Math.max(onset, this.start);
    const diagnosisVisit =
      onset >= this.start
        ? this.visit({
            day,
            setting: 'office',
            diagnoses: [primary],
            services: this.rng.sample(profile.hcpcs, 1),
            practitioner: specialist,
            facility: clinic,
          })
        : undefined;
    this.condition(primary, onset, 'problem-list-item', undefined, diagnosisVisit);
    const drugs = this.rng.sample(
      profile.drugs.filter((d) => this.tables.ndcByDrug.has(d)),
      this.rng.int(1, profile.maxDrugs),
    );
    for (const drug of drugs) {
      const stop = this.rng.chance(0.15) ? this.rng.int(day + 120, this.end + 200) : this.end;
      this.prescribe(drug, day + this.rng.int(0, 10), Math.min(stop, this.end), primary, specialist, 2);
    }
    for (day += this.rng.int(60, 120); day <= this.end; day += this.rng.int(80, 130)) {
      const secondary = this.rng.chance(0.4) ? this.rng.pick(profile.icd10cm) : undefined;
      const other = this.rng.chance(0.3) ? this.rng.pick(this.chronicPrimaries) : undefined;
      const diagnoses = [...new Set([primary, ...(secondary ? [secondary] : []), ...(other ? [other] : [])])];
      const services = this.rng.sample(profile.hcpcs, this.rng.int(1, 2));
      const setting: Setting = this.rng.chance(0.25) ? 'outpatient' : 'office';
      this.visit({
        day,
        setting,
        diagnoses,
        services,
        practitioner: specialist,
        facility: setting === 'office' ? clinic : this.dir.hospital,
      });
    }
  }

  private buildPreventiveCare(): void {
    const p = this.tables.profiles.preventive;
    const age65 = this.birthDay + 65 * 365;
    for (let year = 0; year * 365 < this.end - this.start; year++) {
      const wellness = this.start + year * 365 + this.rng.int(0, 60);
      if (wellness <= this.end) {
        const code = wellness >= age65 && wellness < age65 + 365 ? p.welcomeVisit : year === 0 ? p.wellnessInitial : p.wellnessSubsequent;
        this.visit({
          day: wellness,
          setting: 'office',
          diagnoses: [this.rng.pick(p.wellnessIcd10cm)],
          services: [code],
          practitioner: this.pcp,
          facility: this.dir.clinics[0] as FhirReference,
        });
      }
      const flu = this.start + year * 365 + this.rng.int(0, 364);
      const fluMonth = new Date(flu * DAY_MS).getUTCMonth();
      if (flu <= this.end && fluMonth >= 8 && fluMonth <= 10) {
        this.visit({
          day: flu,
          setting: 'office',
          diagnoses: [p.flu.icd10cm],
          services: [p.flu.hcpcs[0] as string, this.rng.pick(p.flu.hcpcs.slice(1))],
          practitioner: this.pcp,
          facility: this.dir.clinics[0] as FhirReference,
        });
      }
    }
    if (this.rng.chance(0.5)) {
      const day = this.rng.int(this.start, this.end);
      this.visit({
        day,
        setting: 'office',
        diagnoses: [p.pneumococcal.icd10cm],
        services: p.pneumococcal.hcpcs,
        practitioner: this.pcp,
        facility: this.dir.clinics[0] as FhirReference,
      });
    }
    for (const screening of p.screenings) {
      if (screening.sex && screening.sex !== this.sex) continue;
      let day = this.start + this.rng.int(0, Math.min(365 * screening.everyYears, this.end - this.start + 365 * screening.everyYears) - 1);
      for (; day <= this.end; day += 365 * screening.everyYears + this.rng.int(0, 40)) {
        this.visit({
          day,
          setting: 'outpatient',
          diagnoses: [screening.icd10cm],
          services: [screening.hcpcs],
          practitioner: this.pcp,
          facility: this.dir.hospital,
        });
      }
    }
  }

  private buildAcuteCare(): void {
    for (const offset of this.rng.arrivals(this.plan.acutePerYear, this.end - this.start)) this.acuteEpisode(this.start + offset);
  }

  private acuteEpisode(day: number): void {
    const { acute, emergency } = this.tables.profiles;
    const profile = this.rng.pick(acute);
    const diagnoses = this.rng.sample(profile.icd10cm, this.rng.int(1, 2));
    const inEmergency = this.rng.chance(0.12);
    const services = this.rng.sample(profile.hcpcs, this.rng.int(1, 2));
    const encounter = inEmergency
      ? this.visit({
          day,
          setting: 'emergency',
          diagnoses,
          services: [this.rng.pick(emergency.hcpcs), ...services],
          practitioner: this.rng.pick(this.dir.practitioners),
          facility: this.dir.hospital,
        })
      : this.visit({ day, setting: 'office', diagnoses, services, practitioner: this.pcp, facility: this.rng.pick(this.dir.clinics) });
    if (inEmergency && this.rng.chance(0.3)) {
      this.claim({
        day,
        type: 'professional',
        setting: 'emergency',
        diagnoses,
        services: [this.rng.pick(emergency.ambulance.slice(0, 3)), 'A0425'],
        provider: this.dir.ambulance,
        encounter,
      });
    }
    for (const [i, code] of diagnoses.entries())
      this.condition(code, day, 'encounter-diagnosis', day + this.rng.int(7, 30), i === 0 ? encounter : undefined);
    const drugs = profile.drugs.filter((d) => this.tables.ndcByDrug.has(d));
    if (drugs.length && this.rng.chance(0.8)) this.prescribe(this.rng.pick(drugs), day, day, diagnoses[0] as string, this.pcp, 0);
  }

  private buildAdmissions(): void {
    for (const offset of this.rng.arrivals(this.plan.inpatientPerYear, this.end - this.start - 10)) {
      const day = this.start + offset;
      const profile = this.rng.pick(this.tables.profiles.inpatient);
      const diagnoses = this.rng.sample(profile.icd10cm, this.rng.int(2, profile.icd10cm.length));
      const stay = this.rng.int(2, 6);
      const attending = this.rng.pick(this.dir.practitioners);
      const encounter = this.visit({
        day,
        endDay: day + stay,
        setting: 'inpatient',
        diagnoses,
        services: this.rng.sample(profile.hcpcs, this.rng.int(2, 4)),
        practitioner: attending,
        facility: this.dir.hospital,
      });
      this.condition(diagnoses[0] as string, day, 'encounter-diagnosis', day + stay + this.rng.int(10, 40), encounter);
      this.claim({
        day,
        endDay: day + stay,
        type: 'professional',
        setting: 'inpatient',
        diagnoses,
        services: ['G0406', 'G0407'],
        provider: attending,
        encounter,
      });
      const followUp = day + stay + this.rng.int(5, 14);
      if (followUp <= this.end)
        this.visit({
          day: followUp,
          setting: 'office',
          diagnoses: [diagnoses[0] as string],
          services: ['G0463'],
          practitioner: this.pcp,
          facility: this.dir.clinics[0] as FhirReference,
        });
    }
  }

  // ---- resources ---------------------------------------------------------------------------------

  private icd(code: string) {
    const entry = this.tables.icd10cm.get(code);
    if (!entry) throw new Error(`ICD-10-CM ${code} is not in the shipped list`);
    return { coding: [coding(SYSTEMS.icd10cm, dottedIcd10(code), entry.display)], text: entry.display };
  }

  private hcpcs(code: string) {
    const entry = this.tables.hcpcs.get(code);
    if (!entry) throw new Error(`HCPCS ${code} is not in the shipped list`);
    return { coding: [coding(SYSTEMS.hcpcs, code, entry.display)], text: entry.display };
  }

  private condition(
    code: string,
    onset: number,
    category: 'problem-list-item' | 'encounter-diagnosis',
    abatement?: number,
    encounter?: FhirReference,
  ): void {
    const resolved = abatement !== undefined && abatement <= this.end;
    this.conditions.push({
      resourceType: 'Condition',
      id: `${this.pid}-condition-${this.conditions.length + 1}`,
      clinicalStatus: { coding: [coding('http://terminology.hl7.org/CodeSystem/condition-clinical', resolved ? 'resolved' : 'active')] },
      verificationStatus: { coding: [coding('http://terminology.hl7.org/CodeSystem/condition-ver-status', 'confirmed')] },
      category: [
        {
          coding: [
            coding(
              'http://terminology.hl7.org/CodeSystem/condition-category',
              category,
              category === 'problem-list-item' ? 'Problem List Item' : 'Encounter Diagnosis',
            ),
          ],
        },
      ],
      code: this.icd(code),
      subject: this.patientRef,
      ...(encounter ? { encounter } : {}),
      onsetDateTime: isoDay(onset),
      ...(resolved ? { abatementDateTime: isoDay(abatement) } : {}),
      recordedDate: isoDay(Math.max(onset, this.start - 3000)),
    });
  }

  private visit(v: {
    day: number;
    endDay?: number;
    setting: Setting;
    diagnoses: string[];
    services: string[];
    practitioner: FhirReference;
    facility: FhirReference;
  }): FhirReference {
    const id = `${this.pid}-encounter-${this.encounters.length + 1}`;
    const endDay = v.endDay ?? v.day;
    const [classCode, classDisplay, typeText] = {
      office: ['AMB', 'ambulatory', 'Office visit'],
      outpatient: ['AMB', 'ambulatory', 'Hospital outpatient visit'],
      emergency: ['EMER', 'emergency', 'Emergency department visit'],
      inpatient: ['IMP', 'inpatient encounter', 'Hospital admission'],
    }[v.setting];
    const startTime = `${isoDay(v.day)}T${String(this.rng.int(8, 16)).padStart(2, '0')}:${this.rng.pick(['00', '15', '30', '45'])}:00Z`;
    this.encounters.push({
      resourceType: 'Encounter',
      id,
      status: 'finished',
      class: coding('http://terminology.hl7.org/CodeSystem/v3-ActCode', classCode as string, classDisplay),
      type: [{ text: typeText }],
      subject: this.patientRef,
      participant: [{ individual: v.practitioner }],
      period: {
        start: startTime,
        end: v.endDay
          ? `${isoDay(endDay)}T11:00:00Z`
          : startTime.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
      },
      reasonCode: v.diagnoses.map((c) => this.icd(c)),
      serviceProvider: v.facility,
    });
    const encounter = { reference: `Encounter/${id}` };
    if (v.setting !== 'office') {
      this.claim({
        day: v.day,
        endDay,
        type: 'institutional',
        setting: v.setting,
        inpatient: v.setting === 'inpatient',
        diagnoses: v.diagnoses,
        services: v.services,
        provider: v.facility,
        encounter,
      });
    }
    if (v.setting === 'office' || v.setting === 'emergency' || this.rng.chance(0.5)) {
      const services = v.setting === 'office' ? v.services : v.services.slice(0, 1);
      this.claim({
        day: v.day,
        type: 'professional',
        setting: v.setting,
        diagnoses: v.diagnoses,
        services,
        provider: v.practitioner,
        encounter,
      });
    }
    return encounter;
  }

  /**
   * The member pays the year's deductible in full first (no rng draw, so generated members stay as they were), then
   * their coinsurance share of the rest.
   */
  private adjudicate(day: number, submitted: number, allowedShare: number, patientShare: number): Adjudicated {
    const eligible = round2(submitted * allowedShare);
    const year = new Date(day * DAY_MS).getUTCFullYear();
    const deductibleLeft = this.deductibleLeft.get(year) ?? YEARLY_DEDUCTIBLE;
    const deductible = patientShare > 0 ? round2(Math.min(eligible, deductibleLeft)) : 0;
    this.deductibleLeft.set(year, round2(deductibleLeft - deductible));
    const coinsurance = round2(Math.min(eligible - deductible, (eligible - deductible) * patientShare));
    const patient = round2(deductible + coinsurance);
    return { submitted: round2(submitted), eligible, patient, provider: round2(eligible - patient), deductible, copay: 0, coinsurance };
  }

  private adjudication(a: Adjudicated) {
    return [
      { category: { coding: [coding(SYSTEMS.adjudication, 'submitted', 'Submitted Amount')] }, amount: money(a.submitted) },
      { category: { coding: [coding(SYSTEMS.adjudication, 'eligible', 'Eligible Amount')] }, amount: money(a.eligible) },
      { category: { coding: [coding(SYSTEMS.c4bbAdjudication, 'paidbypatient', 'Paid by patient')] }, amount: money(a.patient) },
      { category: { coding: [coding(SYSTEMS.c4bbAdjudication, 'paidtoprovider', 'Paid to provider')] }, amount: money(a.provider) },
      ...(a.deductible
        ? [{ category: { coding: [coding(SYSTEMS.adjudication, 'deductible', 'Deductible')] }, amount: money(a.deductible) }]
        : []),
      ...(a.copay ? [{ category: { coding: [coding(SYSTEMS.adjudication, 'copay', 'CoPay')] }, amount: money(a.copay) }] : []),
      ...(a.coinsurance
        ? [{ category: { coding: [coding(SYSTEMS.c4bbAdjudication, 'coinsurance', 'Co-insurance')] }, amount: money(a.coinsurance) }]
        : []),
    ];
  }

  private claimType(type: 'pharmacy' | 'professional' | 'institutional', inpatient = false) {
    const codings: ReturnType<typeof coding>[] = [];
    if (this.insurer.flavour === 'blueButton') {
      codings.push(
        coding(SYSTEMS.eobType, type === 'pharmacy' ? 'PDE' : type === 'professional' ? 'CARRIER' : inpatient ? 'INPATIENT' : 'OUTPATIENT'),
      );
    }
    codings.push(coding(SYSTEMS.claimType, type, type[0]?.toUpperCase() + type.slice(1)));
    return { coding: codings };
  }

  private claimHeader(day: number, endDay: number, provider: FhirReference, type: ReturnType<MemberBuilder['claimType']>, profile: string) {
    const processed = Math.min(endDay + this.rng.int(3, 30), this.end);
    return {
      resourceType: 'ExplanationOfBenefit',
      meta: { lastUpdated: `${isoDay(processed)}T12:00:00.000Z`, profile: [`${C4BB}${profile}`] },
      identifier: [
        {
          type: { coding: [coding('http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBIdentifierType', 'uc', 'Unique Claim ID')] },
          system: `https://sandbox.healthlink.example/${this.insurer.key}/claim-id`,
          value: `${this.memberId}${String(this.rng.int(0, 9_999_999)).padStart(7, '0')}`,
        },
      ],
      status: 'active',
      type,
      use: 'claim',
      patient: this.patientRef,
      billablePeriod: { start: isoDay(day), end: isoDay(endDay) },
      created: `${isoDay(processed)}T00:00:00Z`,
      insurer: this.dir.payer,
      provider,
    };
  }

  private totals(parts: Adjudicated[], paidOn: string) {
    const sum = (k: keyof Adjudicated) => parts.reduce((s, p) => s + p[k], 0);
    const adjudicated: Adjudicated = {
      submitted: sum('submitted'),
      eligible: sum('eligible'),
      patient: sum('patient'),
      provider: sum('provider'),
      deductible: sum('deductible'),
      copay: sum('copay'),
      coinsurance: sum('coinsurance'),
    };
    return {
      total: this.adjudication(adjudicated),
      payment: { date: paidOn, amount: money(adjudicated.provider) },
    };
  }

  private claim(c: {
    day: number;
    endDay?: number;
    type: 'professional' | 'institutional';
    /** Where the care was given: a professional line's place of service. */
    setting: Setting;
    inpatient?: boolean;
    diagnoses: string[];
    services: string[];
    provider: FhirReference;
    encounter: FhirReference;
  }): void {
    const endDay = c.endDay ?? c.day;
    const profile =
      c.type === 'professional'
        ? 'C4BB-ExplanationOfBenefit-Professional-NonClinician'
        : c.inpatient
          ? 'C4BB-ExplanationOfBenefit-Inpatient-Institutional'
          : 'C4BB-ExplanationOfBenefit-Outpatient-Institutional';
    const header = this.claimHeader(c.day, endDay, c.provider, this.claimType(c.type, c.inpatient), profile);
    const allowedShare = this.rng.between(0.45, 0.8);
    const parts: Adjudicated[] = [];
    const items = c.services.map((code, i) => {
      const units = unitsFor(code, this.rng);
      const a = this.adjudicate(
        c.day,
        listPrice(code) * units * this.rng.between(0.9, 1.15),
        allowedShare,
        NO_COST_SHARE.test(code) ? 0 : 0.2,
      );
      parts.push(a);
      const served =
        c.endDay && c.endDay !== c.day
          ? { servicedPeriod: { start: isoDay(c.day), end: isoDay(endDay) } }
          : { servicedDate: isoDay(c.day) };
      const blueButton = this.insurer.flavour === 'blueButton';
      // A professional line says where it was given; a hospital's line, which revenue centre it was billed by.
      const where =
        c.type === 'professional'
          ? {
              locationCodeableConcept: {
                coding: [coding(blueButton ? SYSTEMS.bbPlaceOfService : SYSTEMS.placeOfService, placeOfService(code, c.setting))],
              },
            }
          : { revenue: { coding: [coding(blueButton ? SYSTEMS.bbRevenue : SYSTEMS.revenue, revenueCode(code))] } };
      return {
        sequence: i + 1,
        diagnosisSequence: [1],
        ...where,
        productOrService: this.hcpcs(code),
        ...served,
        quantity: { value: units },
        encounter: [c.encounter],
        adjudication: this.adjudication(a),
      };
    });
    this.claims.push({
      day: c.day,
      resource: {
        ...header,
        ...(c.type === 'institutional'
          ? {
              subType: {
                coding: [
                  coding(
                    'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBInstitutionalClaimSubType',
                    c.inpatient ? 'inpatient' : 'outpatient',
                  ),
                ],
              },
            }
          : {}),
        outcome: 'complete',
        careTeam: [
          {
            sequence: 1,
            provider: c.type === 'professional' ? c.provider : this.pcp,
            role: {
              coding: [
                coding(
                  'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBClaimCareTeamRole',
                  c.type === 'professional' ? 'performing' : 'attending',
                ),
              ],
            },
          },
        ],
        supportingInfo: [
          { sequence: 1, category: { coding: [coding(SYSTEMS.supportingInfo, 'clmrecvddate')] }, timingDate: isoDay(endDay + 1) },
        ],
        diagnosis: c.diagnoses.map((code, i) => ({
          sequence: i + 1,
          diagnosisCodeableConcept: this.icd(code),
          type: [{ coding: [coding('http://terminology.hl7.org/CodeSystem/ex-diagnosistype', i === 0 ? 'principal' : 'secondary')] }],
        })),
        procedure: c.services.map((code, i) => ({
          sequence: i + 1,
          date: `${isoDay(c.day)}T00:00:00Z`,
          procedureCodeableConcept: this.hcpcs(code),
        })),
        insurance: [{ focal: true, coverage: this.coverageOn(c.day) }],
        item: items,
        ...this.totals(parts, header.created.slice(0, 10)),
      },
    });
  }

  /** A prescription renewed every three fills from `from` to `to`, each fill a pharmacy claim. */
  private prescribe(drug: string, from: number, to: number, reason: string, prescriber: FhirReference, refills: number): void {
    const spec = this.tables.profiles.drugs[drug] as DrugSpec;
    const options = this.tables.ndcByDrug.get(drug) as NdcEntry[];
    let entry = this.rng.pick(options);
    let day = from;
    do {
      const id = `${this.pid}-medicationrequest-${this.requests.length + 1}`;
      const lastFill = day + refills * spec.daysSupply;
      this.requests.push({
        resourceType: 'MedicationRequest',
        id,
        status: lastFill + spec.daysSupply >= this.end && to >= this.end ? 'active' : 'completed',
        intent: 'order',
        medicationCodeableConcept: { coding: [coding(SYSTEMS.ndc, entry.ndc, entry.description)], text: entry.description },
        subject: this.patientRef,
        authoredOn: isoDay(day),
        requester: prescriber,
        reasonCode: [this.icd(reason)],
        dosageInstruction: [{ text: spec.sig }],
        dispenseRequest: {
          numberOfRepeatsAllowed: refills,
          quantity: { value: spec.quantity, unit: entry.pricingUnit },
          expectedSupplyDuration: { value: spec.daysSupply, unit: 'days', system: 'http://unitsofmeasure.org', code: 'd' },
        },
      });
      for (let fill = 0; fill <= refills && day <= to; fill++) {
        this.pharmacyClaim(entry, spec, day, fill, { reference: `MedicationRequest/${id}` }, prescriber);
        day += spec.daysSupply + this.rng.int(0, 4);
      }
      if (this.rng.chance(0.15)) entry = this.rng.pick(options);
    } while (day <= to);
  }

  private pharmacyClaim(
    entry: NdcEntry,
    spec: DrugSpec,
    day: number,
    refill: number,
    prescription: FhirReference,
    prescriber: FhirReference,
  ): void {
    const header = this.claimHeader(day, day, this.pharmacy, this.claimType('pharmacy'), 'C4BB-ExplanationOfBenefit-Pharmacy');
    const submitted = entry.nadacPerUnit * spec.quantity * this.rng.between(1.15, 1.5) + this.rng.between(1.5, 3.5);
    const copayDue = entry.brand ? this.rng.pick([35, 42, 47, 60]) : this.rng.pick([0, 0, 2, 5, 10]);
    // A brand fill meets what is left of the year's drug deductible first (no rng draw: other fills stay as they were).
    const year = new Date(day * DAY_MS).getUTCFullYear();
    const deductibleLeft = this.drugDeductibleLeft.get(year) ?? YEARLY_DRUG_DEDUCTIBLE;
    const deductible = entry.brand ? round2(Math.min(submitted, deductibleLeft)) : 0;
    if (entry.brand) this.drugDeductibleLeft.set(year, round2(deductibleLeft - deductible));
    const copay = round2(Math.min(copayDue, submitted - deductible));
    const patient = round2(deductible + copay);
    const a: Adjudicated = {
      submitted: round2(submitted),
      eligible: round2(submitted),
      patient,
      provider: round2(submitted - patient),
      deductible,
      copay,
      coinsurance: 0,
    };
    const info = (sequence: number, code: string, value: Record<string, unknown>) => ({
      sequence,
      category: { coding: [coding(SYSTEMS.supportingInfo, code)] },
      ...value,
    });
    this.claims.push({
      day,
      resource: {
        ...header,
        prescription,
        outcome: 'complete',
        careTeam: [
          {
            sequence: 1,
            provider: prescriber,
            role: { coding: [coding('http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBClaimCareTeamRole', 'prescribing')] },
          },
        ],
        supportingInfo: [
          info(1, 'dayssupply', { valueQuantity: { value: spec.daysSupply, unit: 'days' } }),
          info(2, 'refillnum', { valueQuantity: { value: refill } }),
          info(3, 'brandgenericindicator', {
            code: {
              coding: [
                coding(
                  'http://terminology.hl7.org/CodeSystem/NCPDPBrandGenericIndicator',
                  entry.brand ? '1' : '2',
                  entry.brand ? 'Brand' : 'Generic',
                ),
              ],
            },
          }),
          info(4, 'clmrecvddate', { timingDate: isoDay(day) }),
        ],
        insurance: [{ focal: true, coverage: this.coverageOn(day) }],
        item: [
          {
            sequence: 1,
            productOrService: { coding: [coding(SYSTEMS.ndc, entry.ndc, entry.description)], text: entry.description },
            servicedDate: isoDay(day),
            quantity: { value: spec.quantity, unit: entry.pricingUnit },
            adjudication: this.adjudication(a),
          },
        ],
        ...this.totals([a], header.created.slice(0, 10)),
      },
    });
  }
}

export function generateMember(tables: CodeTables, insurer: GeneratorInsurer, plan: MemberPlan): FhirResource[] {
  return new MemberBuilder(tables, insurer, plan).build();
}
