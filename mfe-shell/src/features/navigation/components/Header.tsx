import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, SMALL_SCREEN_QUERY, useMediaQuery, VisuallyHidden } from '@healthlink/web-ui';
import { useSession, useSiteInfo } from '@healthlink/web-runtime';
import { sectionForPath, type NavSection } from '../lib/current-section';
import { AboutMenu } from './AboutMenu';

export interface HeaderProps {
  /** Opens the sign-in modal. */
  onLoginClick: () => void;
  /** Ends the session and leaves for /. */
  onLogoutClick: () => void;
  /** The pointer or focus reached Login: a chance to fetch the sign-in code before the press. */
  onLoginIntent?: () => void;
}

const NAV_ID = 'shell-primary-nav';

function BrandMark() {
  return (
    <svg className="shell-brand__mark" aria-hidden="true" viewBox="0 0 32 32" width="36" height="36">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
    </svg>
  );
}

export function Header({ onLoginClick, onLogoutClick, onLoginIntent }: HeaderProps) {
  const { isLoggedIn } = useSession();
  const { site, productName } = useSiteInfo();
  const { pathname } = useLocation();
  const section = sectionForPath(pathname);
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setMenuOpen(false), [pathname, isSmallScreen]);

  const current = (target: NavSection) => (section === target ? 'page' : undefined);
  const navHidden = isSmallScreen && !menuOpen;

  function onNavKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (isSmallScreen && menuOpen && event.key === 'Escape') {
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <header className="shell-header">
      <div className="hl-container shell-header__bar">
        <Link to="/" className="shell-brand">
          <BrandMark />
          <span className="shell-brand__name">{productName}</span>
          <VisuallyHidden> home</VisuallyHidden>
        </Link>

        {isSmallScreen && (
          <button
            ref={toggleRef}
            type="button"
            className="shell-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={NAV_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              {menuOpen ? (
                <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" />
              ) : (
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" />
              )}
            </svg>
            Menu
          </button>
        )}

        <nav id={NAV_ID} aria-label="Main" className="shell-nav" hidden={navHidden} onKeyDown={onNavKeyDown}>
          <ul className="shell-nav__list">
            <li>
              <Link to="/" className="shell-nav__link" aria-current={current('home')}>
                Home
              </Link>
            </li>
            <li>
              <AboutMenu pathname={pathname} isCurrentSection={section === 'about'} />
            </li>
            <li>
              <Link to="/contact" className="shell-nav__link" aria-current={current('contact')}>
                Contact
              </Link>
            </li>
            <li>
              {/* Until the configured address is known the entry is plain text (an <a> without href). */}
              <a href={site?.blogUrl} className="shell-nav__link" target="_blank" rel="noopener noreferrer">
                Blog
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </a>
            </li>
            {isLoggedIn ? (
              <>
                <li>
                  <Link to="/app/dashboard" className="shell-nav__link" aria-current={current('dashboard')}>
                    Dashboard
                  </Link>
                </li>
                <li>
                  <Link to="/userProfile" className="shell-nav__link" aria-current={pathname === '/userProfile' ? 'page' : undefined}>
                    Profile
                  </Link>
                </li>
                <li className="shell-nav__action">
                  <Button variant="secondary" onClick={onLogoutClick}>
                    Logout
                  </Button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to="/register" className="shell-nav__link" aria-current={current('register')}>
                    Register
                  </Link>
                </li>
                <li className="shell-nav__action">
                  <Button onClick={onLoginClick} onPointerEnter={onLoginIntent} onFocus={onLoginIntent}>
                    Login
                  </Button>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
