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
  /** Whether a refresh answers with a new refresh token (and retires the old one), as Blue Button 2.0 does. */
  rotatesRefreshTokens: boolean;
  /** The paging parameter in `Bundle.link` URLs: Blue Button 2.0 uses `startIndex`. */
  pageParam: 'startIndex' | '_offset';
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

const ROTATING: ReadonlySet<InsurerKey> = new Set(['blueButton', 'blueButtonSandbox', 'cigna', 'cignaSandbox', 'humana']);

export function insurerProfile(key: InsurerKey): InsurerProfile {
  const blueButton = key === 'blueButton' || key === 'blueButtonSandbox';
  return {
    key,
    name: NAMES[key],
    flavour: blueButton ? 'blueButton' : 'carin',
    rotatesRefreshTokens: ROTATING.has(key),
    pageParam: blueButton ? 'startIndex' : '_offset',
  };
}

/** The one registered client per insurer: the product's sandbox credentials. */
export const clientIdFor = (key: InsurerKey): string => `healthlink-${key}`;
export const clientSecretFor = (key: InsurerKey): string => `sandbox-secret-${key}`;
