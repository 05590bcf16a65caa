import { scopeAllows, scopeVersion, smartScopes } from './smart-scopes';

const TYPES = ['Patient', 'ExplanationOfBenefit', 'MedicationRequest', 'ExplanationOfBenefit'];

describe('SMART scopes', () => {
  describe('asked for in a standalone patient launch', () => {
    it('are v1 `.read` scopes with openid fhirUser when the server does not say what it takes', () => {
      expect(smartScopes(TYPES, null)).toBe(
        'launch/patient openid fhirUser offline_access patient/Patient.read patient/ExplanationOfBenefit.read patient/MedicationRequest.read',
      );
    });

    it('are v2 `.rs` scopes for a server that lists only v2 ones', () => {
      const supported = ['openid', 'fhirUser', 'launch/patient', 'offline_access', 'patient/*.rs', 'patient/Patient.rs'];
      expect(smartScopes(['Patient', 'Coverage'], supported)).toBe(
        'launch/patient openid fhirUser offline_access patient/Patient.rs patient/Coverage.rs',
      );
    });

    it('stay v1 for a server that lists both syntaxes, and leave out openid fhirUser where it does not offer them', () => {
      const supported = ['launch/patient', 'offline_access', 'patient/*.read', 'patient/*.rs'];
      expect(smartScopes(['Coverage'], supported)).toBe('launch/patient offline_access patient/Coverage.read');
      expect(smartScopes(['Coverage'], ['openid', 'patient/*.read'])).toBe('launch/patient openid offline_access patient/Coverage.read');
    });

    it('add MedicationDispense and Medication to a drugs request only where the server lists those scopes', () => {
      const supported = ['launch/patient', 'offline_access', 'patient/MedicationRequest.rs', 'patient/Medication.rs', 'patient/Patient.rs'];
      expect(smartScopes(['Patient', 'MedicationRequest'], supported)).toBe(
        'launch/patient offline_access patient/Patient.rs patient/MedicationRequest.rs patient/Medication.rs',
      );
      const pdex = [...supported, 'patient/MedicationDispense.rs'];
      expect(smartScopes(['MedicationRequest'], pdex)).toBe(
        'launch/patient offline_access patient/MedicationRequest.rs patient/MedicationDispense.rs patient/Medication.rs',
      );
      // A server that does not say what it offers is asked for the operations' own types only.
      expect(smartScopes(['MedicationRequest'], null)).toBe('launch/patient openid fhirUser offline_access patient/MedicationRequest.read');
      expect(smartScopes(['ExplanationOfBenefit'], pdex)).toBe('launch/patient offline_access patient/ExplanationOfBenefit.rs');
    });

    it('tell the syntax versions apart', () => {
      expect(scopeVersion(['patient/Observation.rs?category=laboratory'])).toBe('v2');
      expect(scopeVersion(['patient/*.cruds'])).toBe('v2');
      expect(scopeVersion(['user/*.read', 'patient/*.rs'])).toBe('v1');
      expect(scopeVersion(['openid', 'launch/patient'])).toBe('v1');
      expect(scopeVersion(null)).toBe('v1');
    });
  });

  describe('granted', () => {
    it('allow everything asked when the insurer did not say (RFC 6749 §5.1)', () => {
      expect(scopeAllows(null, 'Coverage', 'search')).toBe(true);
      expect(scopeAllows('', 'Coverage', 'search')).toBe(true);
    });

    it('allow a type named or covered by a wildcard, in either syntax', () => {
      const granted = 'launch/patient openid patient/ExplanationOfBenefit.read patient/Patient.rs';
      expect(scopeAllows(granted, 'ExplanationOfBenefit', 'search')).toBe(true);
      expect(scopeAllows(granted, 'Patient', 'read')).toBe(true);
      expect(scopeAllows(granted, 'MedicationRequest', 'search')).toBe(false);
      expect(scopeAllows('patient/*.read', 'MedicationRequest', 'search')).toBe(true);
      expect(scopeAllows('user/*.rs', 'Condition', 'search')).toBe(true);
      expect(scopeAllows('patient/*.*', 'Condition', 'search')).toBe(true);
    });

    it('allow only the v2 interactions granted, and nothing from system scopes or write-only ones', () => {
      expect(scopeAllows('patient/Coverage.r', 'Coverage', 'read')).toBe(true);
      expect(scopeAllows('patient/Coverage.r', 'Coverage', 'search')).toBe(false);
      expect(scopeAllows('patient/Coverage.s', 'Coverage', 'search')).toBe(true);
      expect(scopeAllows('patient/Condition.rs?category=problem-list-item', 'Condition', 'search')).toBe(true);
      expect(scopeAllows('patient/Coverage.write', 'Coverage', 'search')).toBe(false);
      expect(scopeAllows('patient/Coverage.cud', 'Coverage', 'search')).toBe(false);
      expect(scopeAllows('system/*.read', 'Coverage', 'search')).toBe(false);
      expect(scopeAllows('launch/patient offline_access', 'Coverage', 'search')).toBe(false);
    });
  });
});
