/**
 * Insurer linking (spec part 2 §2-§4, §7): the catalogue, the data each insurer is asked for and in which
 * order, and the calls' payloads. Shared by the backend (what it fetches) and the web (what it shows).
 */

export const INSURER_KEYS = [
  'uhc',
  'uhcSandbox',
  'blueButton',
  'blueButtonSandbox',
  'aetna',
  'aetnaSandbox',
  'humana',
  'kaiser',
  'kaiserSandbox',
  'anthem',
  'anthemSandbox',
  'centene',
  'centeneSandbox',
  'cigna',
  'cignaSandbox',
] as const;
export type InsurerKey = (typeof INSURER_KEYS)[number];

export const INSURER_SUBSETS = ['uhc', 'rockyMountain', 'sierraHealthAndLife'] as const;
export type InsurerSubset = (typeof INSURER_SUBSETS)[number];

export const isInsurerKey = (value: string): value is InsurerKey => (INSURER_KEYS as readonly string[]).includes(value);
export const isInsurerSubset = (value: string): value is InsurerSubset => (INSURER_SUBSETS as readonly string[]).includes(value);

/** One entry of the catalogue the insurance selection page lists (part 2 §3). */
export interface InsurerCatalogueEntry {
  /** The catalogue entry's own id (several entries can share an insurer key through subsets). */
  id: string;
  name: string;
  /** Path of the logo image, relative to the dashboard remote. */
  logo: string;
  alt: string;
  /** The key whose connection this entry uses; null for an insurer we cannot link yet (comingSoon). */
  insurer: InsurerKey | null;
  sandbox: boolean;
  altTags: string[];
  subset: InsurerSubset | null;
  /** When set, choosing this entry first explains that the login happens at that insurer's site. */
  associatedInsurer: string | null;
  comingSoon: boolean;
}

const entry = (
  e: Omit<InsurerCatalogueEntry, 'logo' | 'alt' | 'subset' | 'associatedInsurer' | 'comingSoon' | 'sandbox'> &
    Partial<InsurerCatalogueEntry>,
): InsurerCatalogueEntry => ({
  logo: `insurers/${e.id}.svg`,
  alt: `${e.name} logo`,
  subset: null,
  associatedInsurer: null,
  comingSoon: false,
  sandbox: false,
  ...e,
});

export const INSURER_CATALOGUE: readonly InsurerCatalogueEntry[] = [
  entry({
    id: 'blueButton',
    name: 'Medicare (Blue Button 2.0)',
    insurer: 'blueButton',
    altTags: ['medicare', 'cms', 'original medicare', 'part d', 'blue button'],
  }),
  entry({
    id: 'blueButtonSandbox',
    name: 'Medicare (Blue Button 2.0) Sandbox',
    insurer: 'blueButtonSandbox',
    sandbox: true,
    altTags: ['medicare', 'cms', 'test'],
  }),
  entry({ id: 'uhc', name: 'UnitedHealthcare', insurer: 'uhc', subset: 'uhc', altTags: ['united', 'uhc', 'optum', 'aarp'] }),
  entry({
    id: 'rockyMountain',
    name: 'Rocky Mountain Health Plans',
    insurer: 'uhc',
    subset: 'rockyMountain',
    associatedInsurer: 'UnitedHealthcare',
    altTags: ['rmhp', 'colorado', 'united'],
  }),
  entry({
    id: 'sierraHealthAndLife',
    name: 'Sierra Health and Life',
    insurer: 'uhc',
    subset: 'sierraHealthAndLife',
    associatedInsurer: 'UnitedHealthcare',
    altTags: ['sierra', 'nevada', 'health plan of nevada', 'united'],
  }),
  entry({ id: 'uhcSandbox', name: 'UnitedHealthcare Sandbox', insurer: 'uhcSandbox', sandbox: true, altTags: ['united', 'uhc', 'test'] }),
  entry({ id: 'aetna', name: 'Aetna', insurer: 'aetna', altTags: ['cvs', 'aetna medicare'] }),
  entry({ id: 'aetnaSandbox', name: 'Aetna Sandbox', insurer: 'aetnaSandbox', sandbox: true, altTags: ['cvs', 'test'] }),
  entry({ id: 'humana', name: 'Humana', insurer: 'humana', altTags: ['humana medicare', 'centerwell'] }),
  entry({ id: 'kaiser', name: 'Kaiser Permanente', insurer: 'kaiser', altTags: ['kp', 'kaiser'] }),
  entry({ id: 'kaiserSandbox', name: 'Kaiser Permanente Sandbox', insurer: 'kaiserSandbox', sandbox: true, altTags: ['kp', 'test'] }),
  entry({ id: 'anthem', name: 'Anthem Blue Cross', insurer: 'anthem', altTags: ['elevance', 'blue cross', 'bcbs', 'wellpoint'] }),
  entry({ id: 'anthemSandbox', name: 'Anthem Sandbox', insurer: 'anthemSandbox', sandbox: true, altTags: ['elevance', 'test'] }),
  entry({ id: 'centene', name: 'Centene (Ambetter, WellCare)', insurer: 'centene', altTags: ['ambetter', 'wellcare', 'health net'] }),
  entry({
    id: 'centeneSandbox',
    name: 'Centene Sandbox',
    insurer: 'centeneSandbox',
    sandbox: true,
    altTags: ['ambetter', 'wellcare', 'test'],
  }),
  entry({ id: 'cigna', name: 'Cigna Healthcare', insurer: 'cigna', altTags: ['cigna medicare', 'evernorth'] }),
  entry({ id: 'cignaSandbox', name: 'Cigna Sandbox', insurer: 'cignaSandbox', sandbox: true, altTags: ['evernorth', 'test'] }),
  // Not linkable yet: choosing one opens the request form, so we learn which insurers to add next.
  entry({ id: 'molina', name: 'Molina Healthcare', insurer: null, comingSoon: true, altTags: ['molina'] }),
  entry({ id: 'oscar', name: 'Oscar Health', insurer: null, comingSoon: true, altTags: ['oscar'] }),
];

export const INSURER_NAMES: Record<InsurerKey, string> = Object.fromEntries(
  INSURER_KEYS.map((key) => [key, INSURER_CATALOGUE.find((e) => e.id === key)?.name ?? key]),
) as Record<InsurerKey, string>;

/** The six fetch operations (part 2 §7) and the FHIR resource each reads. */
export const FETCH_OPERATIONS = {
  getPatientInformation: 'Patient',
  getPatientCondition: 'Condition',
  getPatientEncounter: 'Encounter',
  getPatientCoverage: 'Coverage',
  getPatientEOB: 'ExplanationOfBenefit',
  getPatientDrugs: 'MedicationRequest',
} as const;
export type FetchOperation = keyof typeof FETCH_OPERATIONS;
// Own keys only: `in` would accept `constructor` or `toString` from Object.prototype.
export const isFetchOperation = (value: string): value is FetchOperation => Object.hasOwn(FETCH_OPERATIONS, value);

/**
 * What each insurer is asked for (part 2 §4's table; where its notes disagree on humana and uhc drugs,
 * drugs are fetched because those insurers offer them). Every set includes the EOB.
 */
export const FETCH_SETS: Record<InsurerKey, readonly FetchOperation[]> = {
  aetna: ['getPatientInformation', 'getPatientEOB', 'getPatientDrugs'],
  aetnaSandbox: ['getPatientInformation', 'getPatientEOB', 'getPatientDrugs'],
  anthem: ['getPatientInformation', 'getPatientEOB', 'getPatientDrugs'],
  anthemSandbox: ['getPatientInformation', 'getPatientEOB', 'getPatientDrugs'],
  centene: ['getPatientInformation', 'getPatientEOB', 'getPatientDrugs'],
  centeneSandbox: ['getPatientInformation', 'getPatientEOB', 'getPatientDrugs'],
  blueButton: ['getPatientEOB'],
  blueButtonSandbox: ['getPatientInformation', 'getPatientEOB'],
  cigna: ['getPatientInformation', 'getPatientEOB'],
  cignaSandbox: ['getPatientInformation', 'getPatientEOB'],
  kaiser: ['getPatientEOB'],
  kaiserSandbox: ['getPatientEOB'],
  humana: ['getPatientInformation', 'getPatientCondition', 'getPatientCoverage', 'getPatientEOB', 'getPatientDrugs'],
  uhc: ['getPatientInformation', 'getPatientCondition', 'getPatientEncounter', 'getPatientEOB', 'getPatientDrugs'],
  uhcSandbox: ['getPatientInformation', 'getPatientCondition', 'getPatientEncounter', 'getPatientEOB', 'getPatientDrugs'],
};

/** Fetch order (part 2 §4): these first, in parallel; then EOB and drugs, in parallel. */
export const FIRST_WAVE: readonly FetchOperation[] = [
  'getPatientInformation',
  'getPatientCondition',
  'getPatientEncounter',
  'getPatientCoverage',
];
export const SECOND_WAVE: readonly FetchOperation[] = ['getPatientEOB', 'getPatientDrugs'];

/** GET /api/insurerDataFetch/{insurer}Fetch[/{subset}]/oauth2/authorize */
export interface AuthorizeLinkResponse {
  link: string;
}
/** POST /api/insurerDataFetch/{insurer}Fetch/oauth2/tokenCallback; any `userID` sent is ignored. */
export interface TokenCallbackRequest {
  authCode: string;
  state: string;
}
/** POST /api/insurerDataFetch/checkToken */
export interface CheckTokenRequest {
  insurers: string[];
}
export type CheckTokenResponse = Record<string, boolean>;
/** POST /api/brokerForms/insuranceAddRequest */
export interface InsuranceAddRequest {
  insurerName: string;
  email: string;
}

export const InsurerTexts = {
  unknownInsurer: 'Unknown insurer',
  unknownOperation: 'Unknown data operation',
  stateInvalid: 'This sign-in link has expired or was already used. Please choose your insurer again.',
  notLinked: 'This insurer is not linked yet. Please link it first.',
  /** Unlinking an insurer that is not (or no longer) linked. */
  linkNotFound: 'This insurer is not linked to your account.',
  authenticationError: 'Authentication Error',
  /** The description under Authentication Error when the insurer did not accept the sign-in. */
  authenticationFailed: 'We could not confirm your sign-in with your insurer. Please try again.',
  errorGatheringData: 'Error Gathering Data',
  fetchFailed: 'We could not get your data from this insurer right now. Please try again later.',
  /** A fetch outside what the member shared at the insurer (the granted scope), or one the insurer refused (403). */
  notShared: 'You did not share this information with us when you signed in to your insurer.',
} as const;

/** The messages that name the insurer: its sign-in out of reach (SMART discovery failed), and unlinking. */
export const InsurerLinkMessages = {
  signInUnavailable: (name: string) => `We could not reach ${name}'s sign-in right now. Please try again later.`,
  unlinked: (name: string) => `${name} is unlinked. We ended our access at ${name} and deleted the data we had from ${name}.`,
  /** The insurer could not be reached to end the grant; our copy (tokens included) is deleted all the same. */
  unlinkedNotRevoked: (name: string) =>
    `${name} is unlinked and we deleted the data we had from ${name}. We could not reach ${name} to end our access there: ` +
    `you can also remove our app in your ${name} account settings.`,
  /** The insurer offers no revocation. */
  unlinkedNoRevocation: (name: string) =>
    `${name} is unlinked and we deleted the data we had from ${name}. ${name} offers no way for us to end our access there: ` +
    `you can remove our app in your ${name} account settings.`,
} as const;

/** What a link is doing: `relink_required` when the insurer refused its refresh token (the member links again). */
export type InsurerLinkStatus = 'active' | 'relink_required';

/** One linked insurer of GET /api/insurerDataFetch/links (the dashboard's "Last updated", the profile's list). */
export interface InsurerLinkSummary {
  insurer: InsurerKey;
  name: string;
  status: InsurerLinkStatus;
  /** ISO 8601 */
  linkedAt: string;
  /** When its data was last fetched completely (ISO 8601); null before the first fetch ends. */
  lastSyncedAt: string | null;
}

/** GET /api/insurerDataFetch/links */
export interface InsurerLinksResponse {
  links: InsurerLinkSummary[];
}

/** DELETE /api/insurerDataFetch/links/{insurer}: the grant is revoked at the insurer and its data deleted. */
export interface UnlinkInsurerResponse {
  message: string;
  /** False when the insurer offers no revocation or could not be reached (our copy is deleted all the same). */
  revokedAtInsurer: boolean;
}
