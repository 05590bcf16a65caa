import { isRecruitingTrialStatus, trialStatusLabel, trialStatusTone, type TrialStatusTone } from '@healthlink/contracts';

/** The word of a status (part 2 §4: title-cased with spaces); a study without one says so rather than showing nothing. */
export function statusWords(status: string | null | undefined): string {
  const words = trialStatusLabel((status ?? '').trim().replace(/[\s-]+/g, '_'));
  return words || 'Status not given';
}

/** The tone of a status (part 2 §4's colours), from its upper-snake value whatever case it came in. */
export const statusTone = (status: string | null | undefined): TrialStatusTone => trialStatusTone((status ?? '').trim().toUpperCase());

/** Recruiting or about to: the statuses a member can still join (the contract's definition, shared with the API). */
export const isJoinable = (status: string | null | undefined): boolean => isRecruitingTrialStatus((status ?? '').trim().toUpperCase());

/**
 * Part 2 §9: recruiting first. The API sends them so already; the web keeps the rule itself with a stable sort, so
 * inside each group the server's order (its score: condition match, then distance) is kept.
 */
export function recruitingFirst<T extends { overallStatus: string }>(trials: readonly T[]): T[] {
  return [...trials.filter((trial) => isJoinable(trial.overallStatus)), ...trials.filter((trial) => !isJoinable(trial.overallStatus))];
}
