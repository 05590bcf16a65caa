import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { onSignInRequest, useSession, useSiteInfo } from '@healthlink/web-runtime';
import { Header } from '../features/navigation/components/Header';
import { Footer } from '../features/footer/components/Footer';
import { CookieConsent } from '../features/consent/components/CookieConsent';
import { usePageViews } from '../features/analytics/hooks/usePageViews';
import { useClearCacheOnSessionEnd } from '../features/session/hooks/useClearCacheOnSessionEnd';
import { useLogout } from '../features/session/hooks/useLogout';
import { AppToaster } from '../features/toasts/components/AppToaster';
import { ReconnectingStatus } from '../features/connectivity/components/ReconnectingStatus';
import { AppRoutes } from './AppRoutes';
import { ScrollToTop } from './ScrollToTop';

// Only for a signed-in user: a visitor's pages never load it.
const InactivityLogout = lazy(() =>
  import('../features/session/components/InactivityLogout').then((m) => ({ default: m.InactivityLogout })),
);
// Not needed to show a page: loaded when the visitor first presses (or points at) Login.
const loadSignInModal = () => import('../features/sign-in/components/SignInModal');
const SignInModal = lazy(() => loadSignInModal().then((m) => ({ default: m.SignInModal })));

export const MAIN_CONTENT_ID = 'main-content';

/** The page frame around every route: skip link, header, the route's remote area, footer, cookies, toasts, sign-in. */
export function Shell() {
  const { pathname } = useLocation();
  const { isLoggedIn } = useSession();
  const { productName } = useSiteInfo();
  const [signInOpen, setSignInOpen] = useState(false);
  // Opened by a page's request (the referral landing): after sign-in that page carries on, no redirect.
  const [stayOnPage, setStayOnPage] = useState(false);
  const logout = useLogout();
  useClearCacheOnSessionEnd();
  usePageViews();

  // A layout effect runs before the pages' own (passive) title effects: a page without one shows the name.
  useLayoutEffect(() => {
    document.title = productName;
  }, [pathname, productName]);

  useEffect(
    () =>
      onSignInRequest((request) => {
        setStayOnPage(request.stayOnPage);
        setSignInOpen(true);
      }),
    [],
  );

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
      <Header
        onLoginClick={() => {
          setStayOnPage(false);
          setSignInOpen(true);
        }}
        onLogoutClick={logout}
        onLoginIntent={() => void loadSignInModal()}
      />
      <ReconnectingStatus />
      <main id={MAIN_CONTENT_ID} className="shell-main" tabIndex={-1}>
        <AppRoutes />
      </main>
      <Footer variant={pathname === '/app/dashboard' ? 'dashboard' : 'default'} />
      <CookieConsent />
      {isLoggedIn && (
        <Suspense fallback={null}>
          <InactivityLogout onIdle={logout} />
        </Suspense>
      )}
      {signInOpen && !isLoggedIn && (
        <Suspense fallback={null}>
          <SignInModal open stayOnPage={stayOnPage} onClose={() => setSignInOpen(false)} />
        </Suspense>
      )}
      <AppToaster />
    </>
  );
}
