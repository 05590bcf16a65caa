import {
  normalizeEmail,
  PROFILE_FIELDS,
  REQUIRED_PROFILE_FIELDS,
  type PatientInfoEntry,
  type PatientInfoResponse,
  type ProfileField,
  type UpdateProfileRequest,
} from '@healthlink/contracts';

/** The profile form's values: every field a string, empty when unknown. */
export type ProfileValues = Record<ProfileField, string>;

/** The profile comes from the first patient-info entry, else from the account record (spec part 1 §3). */
export function profileValuesFrom(response: PatientInfoResponse): ProfileValues {
  const entry: Partial<PatientInfoEntry> | undefined = response.patientInfoEntry?.[0];
  const account = response.account;
  const source: Partial<PatientInfoEntry> =
    entry ??
    (account
      ? {
          email: account.email,
          phone_number: account.phone_number,
          first_name: account.firstName,
          last_name: account.lastName,
          street_address: account.address1,
          city: account.city,
          district: account.district,
          state: account.state,
          postal_code: account.postalCode,
          birthdate: account.birthdate,
          gender: account.gender,
        }
      : {});
  const values = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, source[field] ?? ''])) as ProfileValues;
  // A date column may arrive as a full timestamp; the date input wants YYYY-MM-DD.
  values.birthdate = values.birthdate.slice(0, 10);
  return values;
}

const normalize = (field: ProfileField, value: string) => (field === 'email' ? normalizeEmail(value) : value.trim());

/** Only what changed (spec part 1 §5); a cleared optional field is sent as null. */
export function changedFields(baseline: ProfileValues, values: ProfileValues): UpdateProfileRequest {
  const changes: Record<string, string | null> = {};
  for (const field of PROFILE_FIELDS) {
    const value = normalize(field, values[field]);
    if (value === normalize(field, baseline[field])) continue;
    changes[field] = value === '' && !REQUIRED_PROFILE_FIELDS.includes(field) ? null : value;
  }
  return changes as UpdateProfileRequest;
}
