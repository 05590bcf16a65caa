import { PATIENT_SEARCH_TYPES } from './fhir-types';

/**
 * SMART App Launch 2 scopes as a sandbox insurer understands them. An insurer speaks either the v1 syntax
 * (`patient/ExplanationOfBenefit.read`) or the v2 one (`patient/ExplanationOfBenefit.rs`), never both, and
 * serves read-only data: v1 offers `read`, v2 any of `r` and `s` (in that order). Everything else is refused.
 */
export type ScopeVersion = 'v1' | 'v2';
export type Permission = 'r' | 's';

/** Scopes that are not about resources, granted as asked. */
export const CONTEXT_SCOPES = ['openid', 'fhirUser', 'launch/patient', 'offline_access'] as const;

/** Types a resource scope may name: the patient's records, and the shared resources their references point at. */
export const SCOPE_TYPES = [
  ...PATIENT_SEARCH_TYPES,
  'Organization',
  'Practitioner',
  'PractitionerRole',
  'Location',
  'Medication',
  'RelatedPerson',
] as const;

/** The types a wildcard (`patient/*.read`) is shown as on the consent page: the member's own records. */
export const WILDCARD_CHOICES: readonly string[] = PATIENT_SEARCH_TYPES;

export interface ResourceScope {
  /** `*` or a resource type. */
  type: string;
  permissions: ReadonlySet<Permission>;
}

export type ParsedScopes =
  { ok: true; tokens: string[]; resources: Map<string, ResourceScope> } | { ok: false; error: 'invalid_scope'; description: string };

const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const RESOURCE = /^patient\/([A-Za-z]+|\*)\.([A-Za-z*]+)$/;

export const scopesSupported = (version: ScopeVersion): string[] => [
  ...CONTEXT_SCOPES,
  ...['*', ...SCOPE_TYPES].map((type) => `patient/${type}.${version === 'v1' ? 'read' : 'rs'}`),
];

export const defaultScope = (version: ScopeVersion): string =>
  `openid fhirUser launch/patient offline_access patient/*.${version === 'v1' ? 'read' : 'rs'}`;

function permissionsOf(suffix: string, version: ScopeVersion): Set<Permission> | string {
  if (version === 'v1') {
    if (suffix === 'read') return new Set<Permission>(['r', 's']);
    if (/^[cruds]+$/.test(suffix)) return 'is a SMART v2 scope; this server takes SMART v1 scopes only (patient/{Type}.read)';
    return 'asks for more than read access; this server is read only (patient/{Type}.read)';
  }
  if (suffix === 'read' || suffix === 'write' || suffix === '*')
    return 'is a SMART v1 scope; this server takes SMART v2 scopes only (patient/{Type}.rs)';
  if (!/^c?r?u?d?s?$/.test(suffix) || suffix === '') return 'has permissions out of the SMART v2 order c, r, u, d, s';
  if (/[cud]/.test(suffix)) return 'asks for more than read and search; this server is read only (patient/{Type}.rs)';
  return new Set([...suffix] as Permission[]);
}

/** Parses a requested `scope` (RFC 6749 §3.3) against what the insurer offers. */
export function parseScopes(scope: string, version: ScopeVersion): ParsedScopes {
  const tokens = [...new Set(scope.split(' ').filter(Boolean))];
  const resources = new Map<string, ResourceScope>();
  const refuse = (token: string, reason: string): ParsedScopes => ({
    ok: false,
    error: 'invalid_scope',
    description: `scope "${token}" ${reason}`,
  });
  if (scope.split(' ').some((t, i, all) => t === '' && i > 0 && i < all.length - 1))
    return { ok: false, error: 'invalid_scope', description: 'scope must be separated by single spaces' };
  for (const token of tokens) {
    if (!SCOPE_TOKEN.test(token)) return refuse(token, 'has characters RFC 6749 §3.3 does not allow');
    if ((CONTEXT_SCOPES as readonly string[]).includes(token)) continue;
    if (token.startsWith('user/') || token.startsWith('system/'))
      return refuse(token, 'is not offered: this server grants patient/ scopes only');
    if (token.includes('?')) return refuse(token, 'has query parameters, which this server does not offer');
    const m = RESOURCE.exec(token);
    if (!m) return refuse(token, 'is not offered by this server');
    const [, type, suffix] = m as unknown as [string, string, string];
    if (type !== '*' && !(SCOPE_TYPES as readonly string[]).includes(type))
      return refuse(token, `names ${type}, which this server does not serve`);
    const permissions = permissionsOf(suffix, version);
    if (typeof permissions === 'string') return refuse(token, permissions);
    const previous = resources.get(type)?.permissions ?? new Set<Permission>();
    resources.set(type, { type, permissions: new Set([...previous, ...permissions]) });
  }
  return { ok: true, tokens, resources };
}

/** The types the member is asked about, one checkbox each: those named, and the member's records for a wildcard. */
export function consentChoices(resources: ReadonlyMap<string, ResourceScope>): string[] {
  const named = [...resources.keys()].filter((t) => t !== '*');
  return [...new Set([...(resources.has('*') ? WILDCARD_CHOICES : []), ...named])];
}

const format = (type: string, permissions: ReadonlySet<Permission>, version: ScopeVersion): string =>
  `patient/${type}.${version === 'v1' ? 'read' : `${permissions.has('r') ? 'r' : ''}${permissions.has('s') ? 's' : ''}`}`;

/**
 * The scope granted when the member shares only `shared` of the consent choices: everything asked when every
 * choice stays ticked, otherwise the ticked types one by one (a wildcard gives way to the types that remain).
 */
export function grantedScope(
  tokens: readonly string[],
  resources: ReadonlyMap<string, ResourceScope>,
  shared: ReadonlySet<string>,
  version: ScopeVersion,
): string {
  const choices = consentChoices(resources);
  if (choices.every((c) => shared.has(c))) return tokens.join(' ');
  const wildcard = resources.get('*')?.permissions ?? new Set<Permission>();
  const narrowed = choices
    .filter((c) => shared.has(c))
    .map((type) => format(type, new Set([...wildcard, ...(resources.get(type)?.permissions ?? [])]), version));
  const isResource = (t: string) => t.startsWith('patient/');
  const firstResource = tokens.findIndex(isResource);
  const others = tokens.filter((t) => !isResource(t));
  return [...others.slice(0, firstResource), ...narrowed, ...others.slice(firstResource)].join(' ');
}

/** Whether a granted scope lets the token `interaction` on `type` (a wildcard covers every type). */
export function allows(granted: string, version: ScopeVersion, type: string, interaction: Permission): boolean {
  const parsed = parseScopes(granted, version);
  if (!parsed.ok) return false;
  return [parsed.resources.get(type), parsed.resources.get('*')].some((r) => r?.permissions.has(interaction));
}

/** RFC 6749 §6: a refresh may ask for less than was granted, never more. True when `asked` is covered by `granted`. */
export function narrows(asked: string, granted: string, version: ScopeVersion): boolean {
  const a = parseScopes(asked, version);
  const g = parseScopes(granted, version);
  if (!a.ok || !g.ok) return false;
  const grantedTokens = new Set(g.tokens);
  if (a.tokens.some((t) => !t.startsWith('patient/') && !grantedTokens.has(t))) return false;
  for (const [type, scope] of a.resources) {
    const covering = new Set([...(g.resources.get(type)?.permissions ?? []), ...(g.resources.get('*')?.permissions ?? [])]);
    if (type === '*' && !g.resources.has('*')) return false;
    if ([...scope.permissions].some((p) => !covering.has(p))) return false;
  }
  return true;
}
