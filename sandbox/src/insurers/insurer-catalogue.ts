import type { ScopeVersion } from './smart-scopes';

/**
 * The insurers the sandbox stands in for. Keys match the product's insurer keys (libs/contracts); the
 * sandbox keeps its own list because it plays the insurers' side and must not move when the product does.
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

export const isInsurerKey = (value: string): value is InsurerKey => (INSURER_KEYS as readonly string[]).includes(value);

export interface InsurerProfile {
  key: InsurerKey;
  name: string;
  /** Blue Button serves the CMS samples and writes CMS claim types; the others serve CARIN and Inferno examples. */
  flavour: 'blueButton' | 'carin';
  /** SMART scope syntax the insurer takes: v1 `patient/X.read`, or v2 `patient/X.rs` only. */
  scopeVersion: ScopeVersion;
  /** The paging parameter in `Bundle.link` URLs: Blue Button 2.0 uses `startIndex`. */
  pageParam: 'startIndex' | '_offset';
  /** Search pages never hold more than this for the insurer, whatever `_count` asks. */
  maxPageSize: number;
}

const NAMES: Record<InsurerKey, string> = {
  uhc: 'UnitedHealthcare',
  uhcSandbox: 'UnitedHealthcare Sandbox',
  blueButton: 'Medicare (Blue Button 2.0)',
  blueButtonSandbox: 'Medicare (Blue Button 2.0) Sandbox',
  aetna: 'Aetna',
  aetnaSandbox: 'Aetna Sandbox',
  humana: 'Humana',
  kaiser: 'Kaiser Permanente',
  kaiserSandbox: 'Kaiser Permanente Sandbox',
  anthem: 'Anthem Blue Cross',
  anthemSandbox: 'Anthem Sandbox',
  centene: 'Centene (Ambetter, WellCare)',
  centeneSandbox: 'Centene Sandbox',
  cigna: 'Cigna Healthcare',
  cignaSandbox: 'Cigna Sandbox',
};

// One insurer takes SMART v2 scopes only, so that a client's v2 path is exercised; the others take v1 ones.
const SMART_V2_ONLY: ReadonlySet<InsurerKey> = new Set(['humana']);

// One insurer of the default layout pages 5 at a time whatever `_count` asks, as Blue Button and many real servers
// do, so that a client which pages by `next` links (never by its own `_count`) is exercised there too.
const SMALL_PAGES: ReadonlySet<InsurerKey> = new Set(['uhc']);
export const SMALL_PAGE_SIZE = 5;

export function insurerProfile(key: InsurerKey): InsurerProfile {
  const blueButton = key === 'blueButton' || key === 'blueButtonSandbox';
  return {
    key,
    name: NAMES[key],
    flavour: blueButton ? 'blueButton' : 'carin',
    scopeVersion: SMART_V2_ONLY.has(key) ? 'v2' : 'v1',
    pageParam: blueButton ? 'startIndex' : '_offset',
    maxPageSize: SMALL_PAGES.has(key) ? SMALL_PAGE_SIZE : Number.POSITIVE_INFINITY,
  };
}

/** The one registered client per insurer: the product's sandbox credentials. */
export const clientIdFor = (key: InsurerKey): string => `healthlink-${key}`;
export const clientSecretFor = (key: InsurerKey): string => `sandbox-secret-${key}`;
