import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import type { FetchOperation, InsurerKey, PollingEventCreatedResponse } from '@healthlink/contracts';
import { getPollingEvent } from '@healthlink/web-runtime';
import { exchangeAuthCode } from '../api/exchange-auth-code';
import { insurerKeys } from '../api/insurer-keys';
import { startFetches } from '../api/start-fetches';
import {
  fetchWaves,
  gatheringMessage,
  PROGRESS_CAP,
  PROGRESS_START,
  PROGRESS_STEP,
  PROGRESS_STEP_MS,
  REDIRECT_DELAY_MS,
} from '../lib/fetch-plan';
import { InsurerScreenTexts } from '../lib/insurer-screen-texts';
import { runInsurerCallback, type CallbackFailure, type InsurerCallbackApi } from '../lib/run-insurer-callback';

export type { CallbackFailure } from '../lib/run-insurer-callback';

export const DASHBOARD_PATH = '/app/dashboard';

type View =
  | { stage: 'authenticating' }
  | { stage: 'gathering'; wave: number; pending: FetchOperation[] }
  | { stage: 'leaving' }
  | { stage: 'failed'; failure: CallbackFailure };

export interface CallbackProgress {
  /** 0-100, for the progress bar. */
  value: number;
  message: string;
  failure: CallbackFailure | null;
}

/**
 * The insurer callback page's state (spec part 2 §4) around `runInsurerCallback`: the bar starts at 20%, adds 10% a
 * second up to 90%, shows 100% when all have ended and goes to the dashboard a second later. A failed operation is a
 * toast and the others go on; a failure to reach the server is a toast and the dashboard at once.
 */
export function useInsurerCallback({
  insurer,
  code,
  state: oauthState,
}: {
  insurer: InsurerKey;
  code: string;
  state: string;
}): CallbackProgress {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const queryClient = useQueryClient();
  const waves = useMemo(() => fetchWaves(insurer), [insurer]);
  const [view, setView] = useState<View>({ stage: 'authenticating' });
  // The code is single use: never send it twice, even when the effect runs twice (StrictMode).
  const exchange = useRef<Promise<PollingEventCreatedResponse> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const leave = () => navigateRef.current(DASHBOARD_PATH, { replace: true });
    const api: InsurerCallbackApi = {
      exchange: () => (exchange.current ??= exchangeAuthCode({ insurer, authCode: code, state: oauthState })),
      startFetches: (operations) => startFetches({ insurer, operations }),
      // Through the query client, for its retry rules on a failed poll.
      getPollingEvent: (id) =>
        queryClient.fetchQuery({ queryKey: insurerKeys.pollingEvent(id), queryFn: () => getPollingEvent(id), staleTime: 0 }),
    };
    const onProgress: Parameters<typeof runInsurerCallback>[2] = (event) => {
      if (event.type === 'gathering') setView({ stage: 'gathering', wave: event.wave, pending: event.pending });
      // The id keeps the same failure from showing twice.
      else toast.error(event.message, { id: `insurer-fetch-${event.operation}` });
    };
    runInsurerCallback(api, { waves }, onProgress, signal).then(
      (result) => {
        if (result.outcome === 'failed') return setView({ stage: 'failed', failure: result.failure });
        setView({ stage: 'leaving' });
        if (result.outcome === 'done') {
          const timer = setTimeout(leave, REDIRECT_DELAY_MS);
          signal.addEventListener('abort', () => clearTimeout(timer));
        } else {
          toast.error(InsurerScreenTexts.generic, { id: 'insurer-callback-aborted' });
          leave();
        }
      },
      (error: unknown) => {
        if (!signal.aborted) throw error;
      },
    );
    return () => controller.abort();
  }, [insurer, code, oauthState, waves, queryClient]);

  const [ticks, setTicks] = useState(0);
  const gathering = view.stage === 'gathering';
  useEffect(() => {
    if (!gathering) return undefined;
    const timer = setInterval(() => setTicks((n) => n + 1), PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, [gathering]);

  switch (view.stage) {
    case 'authenticating':
      return { value: 0, message: 'Authenticating', failure: null };
    case 'failed':
      return { value: 0, message: '', failure: view.failure };
    case 'leaving':
      return { value: 100, message: 'Redirecting', failure: null };
    case 'gathering': {
      const value = Math.min(PROGRESS_START + PROGRESS_STEP * ticks, PROGRESS_CAP);
      if (ticks === 0) return { value, message: 'Initializing', failure: null };
      if (value >= PROGRESS_CAP) return { value, message: 'Finalizing', failure: null };
      // Name the data still being gathered, taking turns when there are several kinds.
      const naming = view.pending.length > 0 ? view.pending : waves[view.wave];
      return { value, message: gatheringMessage(naming[(ticks - 1) % naming.length]), failure: null };
    }
  }
}
