import { queryOptions, useQueries } from '@tanstack/react-query';
import { AI_PATHS, type DefineMedCodeRequest, type DefineMedCodeResponse, type MedCodeType } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { aiKeys } from './ai-keys';

export const DEFINE_MED_CODE_URL = AI_PATHS.defineMedCode;

// A code's definition does not change while the page is open (the server caches it per code and language).
const STALE_MS = 60 * 60_000;

/** Part 2 §7: POST /api/ai/defineMedCode with the code and its type label. */
export function defineMedCode(code: string, codeType: MedCodeType, signal?: AbortSignal): Promise<DefineMedCodeResponse> {
  const body: DefineMedCodeRequest = { code, codeType };
  return apiClient.post<DefineMedCodeResponse>(DEFINE_MED_CODE_URL, body, { signal });
}

export const definitionQueryOptions = (codeType: MedCodeType, code: string) =>
  queryOptions({
    queryKey: aiKeys.definition(codeType, code),
    queryFn: ({ signal }) => defineMedCode(code, codeType, signal),
    staleTime: STALE_MS,
  });

/**
 * The fallback for codes the one-call read could not define: a query per code, asked only when the member chooses
 * Try again (`refetch`), never on mount, so a provider that just failed is not asked again unbidden.
 */
export function useCodeDefinitions(codeType: MedCodeType, codes: readonly string[]) {
  return useQueries({ queries: codes.map((code) => ({ ...definitionQueryOptions(codeType, code), enabled: false })) });
}
