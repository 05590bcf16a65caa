import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reportApiReachable, useReconnecting } from '@healthlink/web-runtime';

export const HEALTH_URL = '/api/health';
const FIRST_PROBE_MS = 1_000;
const MAX_PROBE_MS = 15_000;

/**
 * While the API is unreachable, asks /api/health with a growing pause (1 s, 2 s, 4 s ... 15 s) until it answers
 * 200; then the queries that failed in the meantime are fetched again. Answers whether it is reconnecting.
 */
export function useReconnect(): boolean {
  const reconnecting = useReconnecting();
  const queryClient = useQueryClient();
  const wasReconnecting = useRef(false);

  useEffect(() => {
    if (!reconnecting) {
      if (wasReconnecting.current) {
        void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
      }
      wasReconnecting.current = false;
      return undefined;
    }
    wasReconnecting.current = true;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const probe = (delayMs: number) => {
      timer = setTimeout(async () => {
        try {
          const response = await fetch(HEALTH_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
          if (!cancelled && response.ok) return reportApiReachable();
        } catch {
          // still unreachable
        }
        if (!cancelled) probe(Math.min(delayMs * 2, MAX_PROBE_MS));
      }, delayMs);
    };
    probe(FIRST_PROBE_MS);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [reconnecting, queryClient]);

  return reconnecting;
}
