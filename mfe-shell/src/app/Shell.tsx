import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { Header } from '../features/navigation/components/Header';
import { Footer } from '../features/footer/components/Footer';
import { AppToaster } from '../features/toasts/components/AppToaster';
import { AppRoutes } from './AppRoutes';
import { ScrollToTop } from './ScrollToTop';

export const MAIN_CONTENT_ID = 'main-content';

/** The page frame around every route: skip link, header, the route's remote area, footer, toasts. */
export function Shell() {
  const { pathname } = useLocation();

  // The sign-in modal arrives with the accounts issue; until then the header's Login button has
  // nowhere to go, and it must not pretend to sign anyone in.
  const openSignInModal = useCallback(() => undefined, []);

  return (
    <>
      <ScrollToTop mainId={MAIN_CONTENT_ID} />
      <a className="shell-skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <Header onLoginClick={openSignInModal} />
      <main id={MAIN_CONTENT_ID} className="shell-main" tabIndex={-1}>
        <AppRoutes />
      </main>
      <Footer variant={pathname === '/app/dashboard' ? 'dashboard' : 'default'} />
      <AppToaster />
    </>
  );
}
