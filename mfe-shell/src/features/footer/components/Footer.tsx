import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { VisuallyHidden } from '@healthlink/web-ui';
import { telHref, useSiteInfo } from '@healthlink/web-runtime';
import { BRAND } from '../../../config/brand';

export type FooterVariant = 'default' | 'dashboard';

/** A link to another site; until its configured address is known it renders as plain text. */
function ExternalLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      {href && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
    </a>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="shell-footer__column">
      <h2 className="shell-footer__heading">{title}</h2>
      <ul>{children}</ul>
    </div>
  );
}

const SOLUTIONS = ['Healthcare Data', 'Analytics', 'Rx Compare', 'Insights'];

/** Spec part 1 §2 footer; on the dashboard it switches to a compact layout (full width, like the header). */
export function Footer({ variant }: { variant: FooterVariant }) {
  const { site, productName } = useSiteInfo();
  return (
    <footer className={`shell-footer shell-footer--${variant}`}>
      <div className="hl-container shell-footer__inner">
        <div className="shell-footer__about">
          <p className="shell-footer__name">{productName}</p>
          <p className="shell-footer__tagline">{BRAND.tagline}</p>
          <ul className="shell-footer__social" aria-label="Social media">
            {site?.socialLinks.map((link) => (
              <li key={link.name}>
                <ExternalLink href={link.url}>{link.name}</ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        <nav className="shell-footer__columns" aria-label="Footer">
          <Column title="Solutions">
            {SOLUTIONS.map((label) => (
              <li key={label}>
                <Link to="/app/dashboard">{label}</Link>
              </li>
            ))}
          </Column>
          <Column title="Support">
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <a href={site && `mailto:${site.supportEmail}`}>{site?.supportEmail ?? 'Email support'}</a>
            </li>
            <li>
              <a href={site && telHref(site.brokerPhone)}>
                <span className="shell-footer__label">Talk to a broker: </span>
                {site?.brokerPhone}
              </a>
            </li>
          </Column>
          <Column title="Company">
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/curesAct">Cures Act</Link>
            </li>
            <li>
              <ExternalLink href={site?.blogUrl}>Blog</ExternalLink>
            </li>
          </Column>
          <Column title="Legal">
            <li>
              <Link to="/privacyPolicy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/termsOfService">Terms of Service</Link>
            </li>
          </Column>
        </nav>
      </div>
      <div className="hl-container shell-footer__bottom">
        <p>
          © {BRAND.copyrightYear} {productName}, {BRAND.companyLocation}
        </p>
      </div>
    </footer>
  );
}
