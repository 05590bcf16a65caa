import { useMutation } from '@tanstack/react-query';
import type {
  AddUserDrugRequest,
  AddUserDrugResponse,
  CheckedDrugLookup,
  DrugLookupRequest,
  DrugLookupResponse,
} from '@healthlink/contracts';
import { apiClient, isLoggedIn } from '@healthlink/web-runtime';

/** PUT /api/updateUserProfile with the form's zipcode as postal_code (part 1 §7). */
export function saveZipcode(zipcode: string): Promise<unknown> {
  return apiClient.put('/api/updateUserProfile', { postal_code: zipcode });
}

/** POST /api/drugLookup: matches for a name, or one drug with its pricing; `error` + `message` when nothing matched. */
export function lookupDrug(request: DrugLookupRequest): Promise<DrugLookupResponse> {
  return apiClient.post<DrugLookupResponse>('/api/drugLookup', request);
}

/** POST /api/userDrugs/add: the form's fields plus the chosen match's NDC and RxCUI. */
export function addUserDrug(request: AddUserDrugRequest): Promise<AddUserDrugResponse> {
  return apiClient.post<AddUserDrugResponse>('/api/userDrugs/add', request);
}

export interface LookupInput {
  request: CheckedDrugLookup;
  zipcode: string;
}

/**
 * The lookup form's submit (part 1 §7): the zipcode first goes to the profile as postal_code, a failure ignored,
 * then the lookup. A visitor who is not signed in has no profile, so only the lookup is sent.
 */
export async function runDrugLookup({ request, zipcode }: LookupInput): Promise<DrugLookupResponse> {
  if (isLoggedIn()) {
    await saveZipcode(zipcode).catch(() => {
      // Ignored (part 1 §7): the zipcode is a convenience for later pricing, never a reason to stop the lookup.
    });
  }
  return lookupDrug(request);
}

export function useDrugLookup() {
  return useMutation({ mutationFn: runDrugLookup, retry: false });
}

export function useAddUserDrug() {
  return useMutation({ mutationFn: addUserDrug, retry: false });
}
