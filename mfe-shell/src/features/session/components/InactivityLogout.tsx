import { useInactivityLogout } from '../hooks/useInactivityLogout';

/** The 30-minute inactivity logout as a component, so its code loads only for a signed-in user. */
export function InactivityLogout({ onIdle }: { onIdle: () => void }) {
  useInactivityLogout(onIdle);
  return null;
}
