import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '@healthlink/web-runtime';
import { Header } from '../features/navigation/components/Header';
import { Footer } from '../features/footer/components/Footer';
import { useClearCacheOnSessionEnd } from '../features/session/hooks/useClearCacheOnSessionEnd';
import { useInactivityLogout } from '../features/session/hooks/useInactivityLogout';
import { useLogout } from '../features/session/hooks/useLogout';
import { SignInModal } from '../features/sign-in/components/SignInModal';
import { AppToaster } from '../features/toasts/components/AppToaster';
import { AppRoutes } from './AppRoutes';
import { ScrollToTop } from './ScrollToTop';

export const MAIN_CONTENT_ID = 'main-content';

/** The page frame around every route: skip link, header, the route's remote area, footer, toasts, sign-in. */
export function Shell() {
  const { pathname } = useLocation();
  const { isLoggedIn } = useSession();
  const [signInOpen, setSignInOpen] = useState(false);
  const logout = useLogout();
  useInactivityLogout(logout);
  useClearCacheOnSessionEnd();

  // A login in another tab (or bundle) makes the open sign-in modal pointless.
  useEffect(() => {
    if (isLoggedIn) setSignInOpen(false);
  }, [isLoggedIn]);

  return (
    <>
      <ScrollToTop mainId={MAIN_CONTENT_ID} />
      <a className="shell-skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <Header onLoginClick={() => setSignInOpen(true)} onLogoutClick={logout} />
      <main id={MAIN_CONTENT_ID} className="shell-main" tabIndex={-1}>
        <AppRoutes />
      </main>
      <Footer variant={pathname === '/app/dashboard' ? 'dashboard' : 'default'} />
      <SignInModal open={signInOpen && !isLoggedIn} onClose={() => setSignInOpen(false)} />
      <AppToaster />
    </>
  );
}
