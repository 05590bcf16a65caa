import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName, VisuallyHidden } from '@healthlink/web-ui';
import { telHref, trackEvent, useSiteInfo } from '@healthlink/web-runtime';

function Item({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="get-in-touch__item">
      <h3>{title}</h3>
      {children}
    </li>
  );
}

/** Shown until /api/siteInfo answers: the entry keeps its place, without a value that could be wrong. */
function Pending() {
  return <p className="get-in-touch__pending">Loading…</p>;
}

/** The "Get in touch" panel (spec part 1 §2): e-mail, professional network, blog, the broker line, sign-up. */
export function GetInTouch() {
  const { site } = useSiteInfo();
  return (
    <section className="get-in-touch" aria-labelledby="get-in-touch-title">
      <h2 id="get-in-touch-title">Get in touch</h2>
      <p>We answer every message within 24 hours.</p>
      <ul className="get-in-touch__list">
        <Item title="Email">
          {site ? (
            <p>
              <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </p>
          ) : (
            <Pending />
          )}
        </Item>
        <Item title="Switch plans with a licensed broker">
          {site ? (
            <p>
              Call <a href={telHref(site.brokerPhone)}>{site.brokerPhone}</a> to talk about changing your plan.
            </p>
          ) : (
            <Pending />
          )}
        </Item>
        <Item title="Follow us">
          {site ? (
            <p className="get-in-touch__links">
              <a href={site.linkedInUrl} target="_blank" rel="noopener noreferrer">
                LinkedIn<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </a>
              <a href={site.blogUrl} target="_blank" rel="noopener noreferrer">
                Our blog<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </a>
            </p>
          ) : (
            <Pending />
          )}
        </Item>
      </ul>
      <div className="get-in-touch__register">
        <h3>New here?</h3>
        <p>Create a free account to see your health records, prescriptions and savings in one place.</p>
        <Link to="/register" className={buttonClassName('primary')} onClick={() => trackEvent('contact', 'register')}>
          Create your free account
        </Link>
      </div>
    </section>
  );
}
