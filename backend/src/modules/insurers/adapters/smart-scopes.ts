/**
 * SMART App Launch scopes: those asked for in a standalone patient launch, and what a granted scope allows.
 * v1 scopes end in `.read`; v2 scopes in permission letters from `cruds` (`.rs` = read and search).
 */

const RESOURCE_SCOPE = /^(patient|user|system)\/([A-Za-z]+|\*)\.([a-z*]+)(\?.*)?$/;
const V1_PERMISSIONS = new Set(['read', 'write', '*']);
const V2_PERMISSIONS = /^c?r?u?d?s?$/;

const permissionsOf = (scope: string): string | null => RESOURCE_SCOPE.exec(scope)?.[3] ?? null;
const isV1 = (scope: string) => V1_PERMISSIONS.has(permissionsOf(scope) ?? '');
const isV2 = (scope: string) => {
  const permissions = permissionsOf(scope);
  return permissions !== null && !V1_PERMISSIONS.has(permissions) && V2_PERMISSIONS.test(permissions);
};

/** v2 only when the server lists v2 resource scopes and no v1 ones; v1 (which SMART 2 servers still accept) otherwise. */
export function scopeVersion(scopesSupported: readonly string[] | null): 'v1' | 'v2' {
  if (!scopesSupported) return 'v1';
  return scopesSupported.some(isV2) && !scopesSupported.some(isV1) ? 'v2' : 'v1';
}

/**
 * Types read along with an operation's own: with MedicationRequest, the MedicationDispenses PDex payers send as fills
 * (searched) and the Medications requests and dispenses name by reference (read by id).
 */
export const COMPANION_TYPES: Readonly<Partial<Record<string, readonly string[]>>> = {
  MedicationRequest: ['MedicationDispense', 'Medication'],
};

/**
 * The scope of a standalone patient launch for these resource types: `launch/patient`, `openid fhirUser` where the
 * server offers them (or does not say), `offline_access` (the daily re-sync needs a refresh token), one patient read
 * scope per type, and one per companion type (COMPANION_TYPES) that the server lists in scopes_supported: many
 * payers serve neither, and asking for a scope a server does not offer can fail the whole sign-in (invalid_scope).
 */
export function smartScopes(resourceTypes: readonly string[], scopesSupported: readonly string[] | null): string {
  const offered = (scope: string) => scopesSupported === null || scopesSupported.includes(scope);
  const identity = offered('openid') ? ['openid', ...(offered('fhirUser') ? ['fhirUser'] : [])] : [];
  const permission = scopeVersion(scopesSupported) === 'v2' ? 'rs' : 'read';
  const companions = resourceTypes
    .flatMap((type) => COMPANION_TYPES[type] ?? [])
    .filter((type) => scopesSupported?.includes(`patient/${type}.${permission}`));
  const types = [...new Set([...resourceTypes, ...companions])].map((type) => `patient/${type}.${permission}`);
  return ['launch/patient', ...identity, 'offline_access', ...types].join(' ');
}

/**
 * Whether the granted scope lets us read (`read`, a resource by id) or search (`search`) a resource type of the
 * patient. An absent or empty scope is the one asked for (RFC 6749 §5.1), which covers every type we fetch.
 */
export function scopeAllows(granted: string | null, resourceType: string, interaction: 'read' | 'search'): boolean {
  if (!granted?.trim()) return true;
  return granted
    .trim()
    .split(/\s+/)
    .some((scope) => {
      const match = RESOURCE_SCOPE.exec(scope);
      if (!match || match[1] === 'system') return false;
      const [, , type, permissions] = match;
      if (type !== '*' && type !== resourceType) return false;
      if (permissions === 'read' || permissions === '*') return true;
      if (!isV2(scope)) return false;
      return (permissions as string).includes(interaction === 'read' ? 'r' : 's');
    });
}
