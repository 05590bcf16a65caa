import { useEffect, useState } from 'react';
import { PLAN_RANKS_PROGRESS_CAP, PLAN_RANKS_PROGRESS_TICK_MS } from '@healthlink/contracts';

/** How long the full bar stays once the ranks arrive, so the jump to 100% is seen before the list replaces it. */
export const PROGRESS_DONE_HOLD_MS = 400;

/**
 * The plan ranks progress (part 2 §4, §9): +1% every PLAN_RANKS_PROGRESS_TICK_MS while loading, stopping at
 * PLAN_RANKS_PROGRESS_CAP; when loading ends with the ranks (`completed`) the bar jumps to 100% and stays
 * PROGRESS_DONE_HOLD_MS. `visible` says whether the bar is to be shown. Loading again starts from 0.
 */
export function useRankProgress(loading: boolean, completed: boolean): { value: number; visible: boolean } {
  const [value, setValue] = useState(0);
  const [holding, setHolding] = useState(false);
  const [wasLoading, setWasLoading] = useState(loading);

  // Adjusted while rendering (not in an effect), so no frame shows the list before the full bar.
  if (wasLoading !== loading) {
    setWasLoading(loading);
    setHolding(!loading && completed);
    if (loading) setValue(0);
  }

  useEffect(() => {
    if (!loading) return undefined;
    const timer = setInterval(() => setValue((current) => Math.min(current + 1, PLAN_RANKS_PROGRESS_CAP)), PLAN_RANKS_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [loading]);

  useEffect(() => {
    if (!holding) return undefined;
    const timer = setTimeout(() => setHolding(false), PROGRESS_DONE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [holding]);

  return { value: loading ? value : 100, visible: loading || holding };
}
