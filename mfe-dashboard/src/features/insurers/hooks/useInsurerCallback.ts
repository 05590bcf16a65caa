import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { InsurerTexts, type FetchOperation, type InsurerKey } from '@healthlink/contracts';
import { isServiceFailure } from '@healthlink/web-runtime';
import { useExchangeAuthCode } from '../api/exchange-auth-code';
import { hasEnded, pollingEventQueryOptions, responseMessage } from '../api/polling-event';
import { useStartFetches, type StartedFetch } from '../api/start-fetches';
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

export const DASHBOARD_PATH = '/app/dashboard';

/** What the error page shows in its Error and Description lines. */
export interface CallbackFailure {
  error: string;
  description: string;
}

type State =
  | { stage: 'authenticating'; authEventId: string | null }
  | { stage: 'gathering'; wave: number; started: StartedFetch[] | null }
  | { stage: 'redirecting' }
  | { stage: 'failed'; failure: CallbackFailure }
  | { stage: 'aborted' };

type Action =
  | { type: 'authStarted'; id: string }
  | { type: 'authCompleted'; waveCount: number }
  | { type: 'authFailed'; description: string }
  | { type: 'waveStarted'; wave: number; started: StartedFetch[] }
  | { type: 'waveEnded'; wave: number; waveCount: number }
  | { type: 'aborted' };

const nextWave = (wave: number, waveCount: number): State => (wave < waveCount ? { stage: 'gathering', wave, started: null } : { stage: 'redirecting' });

// Each transition is accepted only from the stage it belongs to, so a late or repeated answer changes nothing.
function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'authStarted':
      return state.stage === 'authenticating' && state.authEventId === null ? { ...state, authEventId: action.id } : state;
    case 'authCompleted':
      return state.stage === 'authenticating' ? nextWave(0, action.waveCount) : state;
    case 'authFailed':
      return state.stage === 'authenticating' ? { stage: 'failed', failure: { error: InsurerTexts.authenticationError, description: action.description } } : state;
    case 'waveStarted':
      return state.stage === 'gathering' && state.wave === action.wave && state.started === null ? { ...state, started: action.started } : state;
    case 'waveEnded':
      return state.stage === 'gathering' && state.wave === action.wave && state.started !== null ? nextWave(action.wave + 1, action.waveCount) : state;
    case 'aborted':
      return state.stage === 'failed' || state.stage === 'redirecting' ? state : { stage: 'aborted' };
  }
}

export interface CallbackProgress {
  /** 0-100, for the progress bar. */
  value: number;
  message: string;
  failure: CallbackFailure | null;
}

const AUTH_FAILED_DESCRIPTION = InsurerTexts.authenticationFailed;

/**
 * The insurer callback flow (spec part 2 §4): exchange the code and poll it; then the insurer's first wave of
 * fetches in parallel, polled; then EOB and drugs, polled; the bar starts at 20%, adds 10% a second up to 90%,
 * shows 100% when all have ended and goes to the dashboard a second later. A failed operation is a toast and the
 * others go on; a failure to reach the server is a toast and the dashboard at once.
 */
export function useInsurerCallback({ insurer, code, state: oauthState }: { insurer: InsurerKey; code: string; state: string }): CallbackProgress {
  const navigate = useNavigate();
  const waves = useMemo(() => fetchWaves(insurer), [insurer]);
  const [state, dispatch] = useReducer(reducer, { stage: 'authenticating', authEventId: null });
  const { mutateAsync: exchange } = useExchangeAuthCode();
  const { mutateAsync: startFetches } = useStartFetches();
  // The code is single use: never send it twice, even when effects run twice (StrictMode).
  const exchangeSent = useRef(false);
  const lastStartedWave = useRef(-1);

  useEffect(() => {
    if (exchangeSent.current) return;
    exchangeSent.current = true;
    // mutateAsync: its promise settles even if the observer was briefly unsubscribed (StrictMode's remount).
    exchange({ insurer, authCode: code, state: oauthState }).then(
      ({ pollingEventID }) => dispatch({ type: 'authStarted', id: pollingEventID }),
      (error: unknown) =>
        // The server refused the code or state (4xx): the sign-in failed, say why. Unreachable: an exception.
        dispatch(isServiceFailure(error) ? { type: 'aborted' } : { type: 'authFailed', description: (error as Error).message }),
    );
  }, [exchange, insurer, code, oauthState]);

  const authEventId = state.stage === 'authenticating' ? state.authEventId : null;
  const auth = useQuery({ ...pollingEventQueryOptions(authEventId), enabled: authEventId !== null });
  useEffect(() => {
    if (authEventId === null) return;
    if (auth.isError) dispatch({ type: 'aborted' });
    else if (hasEnded(auth.data)) {
      dispatch(
        auth.data.status === 'complete'
          ? { type: 'authCompleted', waveCount: waves.length }
          : { type: 'authFailed', description: responseMessage(auth.data) ?? AUTH_FAILED_DESCRIPTION },
      );
    }
  }, [authEventId, auth.isError, auth.data, waves.length]);

  const wave = state.stage === 'gathering' ? state.wave : -1;
  const started = state.stage === 'gathering' ? state.started : null;
  useEffect(() => {
    if (wave < 0 || started !== null || lastStartedWave.current >= wave) return;
    lastStartedWave.current = wave;
    startFetches({ insurer, operations: waves[wave] }).then(
      (result) => dispatch({ type: 'waveStarted', wave, started: result }),
      () => dispatch({ type: 'aborted' }),
    );
  }, [wave, started, startFetches, insurer, waves]);

  const polled = (started ?? []).filter((fetch) => fetch.pollingEventID !== null);
  const events = useQueries({ queries: polled.map((fetch) => pollingEventQueryOptions(fetch.pollingEventID)) });
  const waveError = events.some((event) => event.isError);
  const waveDone = started !== null && events.every((event) => hasEnded(event.data));
  useEffect(() => {
    if (started === null) return;
    if (waveError) {
      dispatch({ type: 'aborted' });
      return;
    }
    if (!waveDone) return;
    // 'missing' only means the insurer has no data of that kind; any other end but 'complete' is a failure.
    const problems = [
      ...started.flatMap((fetch) => (fetch.problem ? [{ operation: fetch.operation, message: fetch.problem }] : [])),
      ...polled.flatMap((fetch, i) => {
        const event = events[i]?.data;
        return event && event.status !== 'complete' && event.status !== 'missing'
          ? [{ operation: fetch.operation, message: responseMessage(event) ?? InsurerTexts.fetchFailed }]
          : [];
      }),
    ];
    // The id keeps a repeated run of this effect from showing the same toast twice.
    for (const problem of problems) toast.error(problem.message, { id: `insurer-fetch-${problem.operation}` });
    dispatch({ type: 'waveEnded', wave, waveCount: waves.length });
  });

  const [ticks, setTicks] = useState(0);
  const gathering = state.stage === 'gathering';
  useEffect(() => {
    if (!gathering) return undefined;
    const timer = setInterval(() => setTicks((n) => n + 1), PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, [gathering]);

  useEffect(() => {
    if (state.stage === 'redirecting') {
      const timer = setTimeout(() => navigate(DASHBOARD_PATH, { replace: true }), REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (state.stage === 'aborted') {
      toast.error(InsurerScreenTexts.generic, { id: 'insurer-callback-aborted' });
      navigate(DASHBOARD_PATH, { replace: true });
    }
    return undefined;
  }, [state.stage, navigate]);

  switch (state.stage) {
    case 'authenticating':
      return { value: 0, message: 'Authenticating', failure: null };
    case 'failed':
      return { value: 0, message: '', failure: state.failure };
    case 'redirecting':
    case 'aborted':
      return { value: 100, message: 'Redirecting', failure: null };
    case 'gathering': {
      const value = Math.min(PROGRESS_START + PROGRESS_STEP * ticks, PROGRESS_CAP);
      if (ticks === 0) return { value, message: 'Initializing', failure: null };
      if (value >= PROGRESS_CAP) return { value, message: 'Finalizing', failure: null };
      // Name the data still being gathered, taking turns when there are several kinds.
      const pending = polled.filter((_, i) => !hasEnded(events[i]?.data)).map((fetch) => fetch.operation);
      const naming: FetchOperation[] = pending.length > 0 ? pending : waves[state.wave];
      return { value, message: gatheringMessage(naming[(ticks - 1) % naming.length]), failure: null };
    }
  }
}
