import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endSession, getToken } from '@healthlink/web-runtime';
import { logoutOnServer } from '../api/logout';

/** Logout (spec part 1 §4): tell the server (a failure changes nothing), end the session, go to /. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const token = getToken();
    if (token) logoutOnServer(token).catch(() => undefined);
    endSession();
    navigate('/', { replace: true });
  }, [navigate]);
}
