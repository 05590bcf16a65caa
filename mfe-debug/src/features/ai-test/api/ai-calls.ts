import { useMutation } from '@tanstack/react-query';
import {
  AI_PATHS,
  AiErrorCode,
  type AiDashboardItemRequest,
  type AiDashboardItemResponse,
  type ChatCompletionRequest,
  type ChatCompletionResponse,
  type ChatCompletionWithInstructionRequest,
  type MedicalTipsResponse,
} from '@healthlink/contracts';
import { apiClient, ClientErrorType, isApiError, reportFetchFailure } from '@healthlink/web-runtime';
import { isStaffOnlyError } from '../../../components/api-failure';

type ErrorTypes = { error: ClientErrorType; exception: ClientErrorType };

/**
 * Part 2 §8: a failed AI call is reported with its error type. Not reported: the staff-only refusal, a 400 on the
 * tester's own input (the form shows the server's reasons; nothing failed), and the provider's failure, which the
 * server logged itself with its OPENAI_* type.
 */
function reportAiFailure(types: ErrorTypes, endpoint: string) {
  return (error: unknown) => {
    if (isStaffOnlyError(error) || (isApiError(error) && (error.status === 400 || error.code === AiErrorCode.ProviderFailed))) return;
    void reportFetchFailure(types, error, endpoint);
  };
}

export function useCompletionWithInstruction() {
  return useMutation({
    mutationFn: (body: ChatCompletionWithInstructionRequest) =>
      apiClient.post<ChatCompletionResponse>(AI_PATHS.createChatCompletionWithInstruction, body),
    onError: reportAiFailure(
      { error: ClientErrorType.OpenAiFetchError, exception: ClientErrorType.OpenAiFetchException },
      AI_PATHS.createChatCompletionWithInstruction,
    ),
  });
}

export function useChatCompletion() {
  return useMutation({
    mutationFn: (body: ChatCompletionRequest) => apiClient.post<ChatCompletionResponse>(AI_PATHS.createChatCompletion, body),
    onError: reportAiFailure(
      { error: ClientErrorType.OpenAiChatError, exception: ClientErrorType.OpenAiChatException },
      AI_PATHS.createChatCompletion,
    ),
  });
}

export function useDashboardItemTest() {
  return useMutation({
    mutationFn: (body: AiDashboardItemRequest) => apiClient.post<AiDashboardItemResponse>(AI_PATHS.aiDashboardItem, body),
    onError: reportAiFailure(
      { error: ClientErrorType.OpenAiDashboardItemError, exception: ClientErrorType.OpenAiDashboardItemException },
      AI_PATHS.aiDashboardItem,
    ),
  });
}

export function useMedicalTipsTest() {
  return useMutation({
    mutationFn: () => apiClient.post<MedicalTipsResponse>(AI_PATHS.medicalTips),
    onError: reportAiFailure(
      { error: ClientErrorType.MedicalTipsFetchError, exception: ClientErrorType.MedicalTipsFetchException },
      AI_PATHS.medicalTips,
    ),
  });
}
