import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@healthlink/web-runtime';

/** One user's data must not show for the next: the query cache is emptied whenever a session ends. */
export function useClearCacheOnSessionEnd(): void {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current !== null && previous.current !== token) queryClient.clear();
    previous.current = token;
  }, [token, queryClient]);
}
