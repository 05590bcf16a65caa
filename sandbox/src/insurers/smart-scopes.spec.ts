import { allows, consentChoices, grantedScope, narrows, parseScopes, scopesSupported, WILDCARD_CHOICES } from './smart-scopes';

const parsed = (scope: string, version: 'v1' | 'v2' = 'v1') => {
  const result = parseScopes(scope, version);
  if (!result.ok) throw new Error(result.description);
  return result;
};

describe('SMART scopes', () => {
  it('offers v1 read scopes or v2 rs scopes, never both', () => {
    expect(scopesSupported('v1')).toEqual(
      expect.arrayContaining(['openid', 'fhirUser', 'launch/patient', 'offline_access', 'patient/*.read']),
    );
    expect(scopesSupported('v1')).toContain('patient/ExplanationOfBenefit.read');
    expect(scopesSupported('v1').some((s) => s.endsWith('.rs'))).toBe(false);
    expect(scopesSupported('v2')).toContain('patient/ExplanationOfBenefit.rs');
    expect(scopesSupported('v2').some((s) => s.endsWith('.read'))).toBe(false);
  });

  it.each([
    ['v2', 'patient/ExplanationOfBenefit.read', 'SMART v1 scope'],
    ['v2', 'patient/*.read', 'SMART v1 scope'],
    ['v1', 'patient/ExplanationOfBenefit.rs', 'SMART v2 scope'],
    ['v1', 'patient/*.write', 'read only'],
    ['v2', 'patient/Patient.cruds', 'read only'],
    ['v2', 'patient/Patient.sr', 'order'],
    ['v1', 'user/*.read', 'patient/ scopes only'],
    ['v1', 'system/*.read', 'patient/ scopes only'],
    ['v1', 'patient/Observation.read', 'does not serve'],
    ['v2', 'patient/Observation.rs?category=laboratory', 'query parameters'],
    ['v1', 'online_access', 'not offered'],
    ['v1', 'launch', 'not offered'],
    ['v1', 'openid  patient/*.read', 'single spaces'],
  ] as const)('refuses at a %s server the scope %s', (version, scope, reason) => {
    const result = parseScopes(scope, version);
    expect(result).toEqual({ ok: false, error: 'invalid_scope', description: expect.stringContaining(reason) });
  });

  it('parses what is offered, merging repeats and v2 permissions', () => {
    const v2 = parsed('openid patient/Patient.r patient/Patient.s patient/Condition.rs', 'v2');
    expect([...(v2.resources.get('Patient')?.permissions ?? [])].sort()).toEqual(['r', 's']);
    expect(v2.tokens).toEqual(['openid', 'patient/Patient.r', 'patient/Patient.s', 'patient/Condition.rs']);
  });

  it('asks about the member records for a wildcard, and about each named type', () => {
    expect(consentChoices(parsed('openid patient/*.read').resources)).toEqual(WILDCARD_CHOICES);
    expect(consentChoices(parsed('patient/Organization.read patient/Patient.read').resources)).toEqual(['Organization', 'Patient']);
    expect(consentChoices(parsed('openid offline_access').resources)).toEqual([]);
  });

  it('grants everything asked when all stay ticked, and the ticked types alone otherwise', () => {
    const asked = parsed('openid patient/*.read launch/patient offline_access');
    const all = new Set(WILDCARD_CHOICES);
    expect(grantedScope(asked.tokens, asked.resources, all, 'v1')).toBe('openid patient/*.read launch/patient offline_access');
    const some = new Set(['ExplanationOfBenefit', 'Patient']);
    expect(grantedScope(asked.tokens, asked.resources, some, 'v1')).toBe(
      'openid patient/Patient.read patient/ExplanationOfBenefit.read launch/patient offline_access',
    );
    const v2 = parsed('launch/patient patient/*.rs patient/Condition.r', 'v2');
    expect(grantedScope(v2.tokens, v2.resources, new Set(['Condition']), 'v2')).toBe('launch/patient patient/Condition.rs');
    const reads = parsed('patient/Condition.r patient/Patient.s', 'v2');
    expect(grantedScope(reads.tokens, reads.resources, new Set(['Patient']), 'v2')).toBe('patient/Patient.s');
  });

  it('allows an interaction only within the granted scope', () => {
    expect(allows('patient/*.read', 'v1', 'Organization', 'r')).toBe(true);
    expect(allows('patient/Patient.read', 'v1', 'Condition', 's')).toBe(false);
    expect(allows('patient/Patient.r', 'v2', 'Patient', 'r')).toBe(true);
    expect(allows('patient/Patient.r', 'v2', 'Patient', 's')).toBe(false);
    expect(allows('openid offline_access', 'v1', 'Patient', 'r')).toBe(false);
  });

  it('lets a refresh narrow the scope, never widen it', () => {
    const granted = 'openid patient/*.read offline_access';
    expect(narrows('patient/Condition.read', granted, 'v1')).toBe(true);
    expect(narrows('openid patient/*.read', granted, 'v1')).toBe(true);
    expect(narrows('fhirUser patient/*.read', granted, 'v1')).toBe(false);
    expect(narrows('patient/*.read', 'patient/Patient.read', 'v1')).toBe(false);
    expect(narrows('patient/Patient.rs', 'patient/Patient.r', 'v2')).toBe(false);
    expect(narrows('patient/Patient.s', 'patient/*.rs', 'v2')).toBe(true);
    expect(narrows('patient/Patient.write', granted, 'v1')).toBe(false);
  });
});
