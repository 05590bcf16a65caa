import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { ConsentValue } from '@healthlink/contracts';
import { trackEvent, writeConsent } from '@healthlink/web-runtime';

// Only the button is needed to show a page; the banner's code loads when it is first wanted.
const loadBanner = () => import('./CookieBanner');
const CookieBanner = lazy(() => loadBanner().then((m) => ({ default: m.CookieBanner })));

/**
 * Spec part 1 §2, §4: a floating Cookies button opens a banner with Accept all, Reject all and Close.
 * Accept all and Reject all write the consent cookie and close; Close (or Escape) only closes. The
 * banner is not modal: the page stays usable behind it.
 */
export function CookieConsent() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const bannerId = useId();

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function choose(value: ConsentValue) {
    writeConsent(value);
    // The choice itself is counted only when it allows counting.
    if (value === 'acceptAll') trackEvent('consent', 'accept_all');
    close();
  }

  return (
    <aside className="cookie-consent" aria-label="Cookie consent">
      <button
        ref={toggleRef}
        type="button"
        className="cookie-consent__toggle"
        aria-expanded={open}
        aria-controls={open ? bannerId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onPointerEnter={() => void loadBanner()}
        onFocus={() => void loadBanner()}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path
            d="M12 3a9 9 0 1 0 9 9 3 3 0 0 1-3-3 3 3 0 0 1-3-3 3 3 0 0 1-3-3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <circle cx="8.5" cy="11" r="1.3" fill="currentColor" />
          <circle cx="12" cy="16" r="1.3" fill="currentColor" />
          <circle cx="15.5" cy="13" r="1.1" fill="currentColor" />
        </svg>
        Cookies
      </button>
      {open && (
        // While the banner's code loads, its place (what aria-controls names) already exists and says so.
        <Suspense
          fallback={
            <div id={bannerId} className="cookie-consent__banner" role="status">
              Loading the cookie choices…
            </div>
          }
        >
          <CookieBanner id={bannerId} onChoose={choose} onClose={close} onLeave={() => setOpen(false)} />
        </Suspense>
      )}
    </aside>
  );
}
