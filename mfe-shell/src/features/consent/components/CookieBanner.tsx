import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { ConsentValue } from '@healthlink/contracts';
import { Button } from '@healthlink/web-ui';
import { useConsent } from '@healthlink/web-runtime';

const CHOICE_TEXT: Record<ConsentValue | 'none', string> = {
  acceptAll: 'You accepted all cookies.',
  rejectAll: 'You rejected all optional cookies: no analytics are sent.',
  none: 'You have not chosen yet: analytics are on until you reject them.',
};

export interface CookieBannerProps {
  id: string;
  onChoose: (value: ConsentValue) => void;
  /** Close (or Escape): closes without writing anything. */
  onClose: () => void;
  /** A link inside was followed. */
  onLeave: () => void;
}

/** The banner's content: what the cookies are for, the current choice, and the three buttons. */
export function CookieBanner({ id, onChoose, onClose, onLeave }: CookieBannerProps) {
  const consent = useConsent();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  }

  return (
    <div id={id} className="cookie-consent__banner" role="region" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <h2 id={`${id}-title`} className="cookie-consent__title">
        Cookies on this site
      </h2>
      <p>
        We use cookies that keep the site working and, unless you reject them, our own first-party analytics: which pages are visited and a
        few button clicks. They carry no name, no account id and no health information, and nothing is sent to other companies.
      </p>
      <p className="cookie-consent__status">{CHOICE_TEXT[consent ?? 'none']}</p>
      <p>
        <Link to="/privacyPolicy" onClick={onLeave}>
          Read how we use cookies in our Privacy Policy
        </Link>
      </p>
      <div className="cookie-consent__actions">
        <Button onClick={() => onChoose('acceptAll')}>Accept all</Button>
        <Button variant="secondary" onClick={() => onChoose('rejectAll')}>
          Reject all
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
