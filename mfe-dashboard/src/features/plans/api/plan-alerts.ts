import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLAN_RANKS_PATHS, type PlanAlertsSettings } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { plansKeys } from './plans-keys';

export function getPlanAlerts(signal?: AbortSignal): Promise<PlanAlertsSettings> {
  return apiClient.get<PlanAlertsSettings>(PLAN_RANKS_PATHS.alerts, { signal });
}

export function putPlanAlerts(settings: PlanAlertsSettings): Promise<PlanAlertsSettings> {
  return apiClient.put<PlanAlertsSettings>(PLAN_RANKS_PATHS.alerts, settings);
}

export function usePlanAlerts() {
  return useQuery({ queryKey: plansKeys.alerts(), queryFn: ({ signal }) => getPlanAlerts(signal) });
}

/** Saves the choice; the cache holds what the server answered (or what was sent, when it answers nothing). */
export function useSavePlanAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPlanAlerts,
    onSuccess: (saved, sent) => {
      queryClient.setQueryData(plansKeys.alerts(), typeof saved?.optedIn === 'boolean' ? saved : sent);
    },
  });
}
