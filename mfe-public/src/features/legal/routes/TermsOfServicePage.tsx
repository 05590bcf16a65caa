import { useEffect, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { Container } from '@healthlink/web-ui';
import { usePageTitle, useSiteInfo } from '@healthlink/web-runtime';
import { LegalDates } from '../components/LegalDates';
import { termsSections } from '../content/terms-sections';
import './legal.css';

export const TERMS_UPDATED = '2024-04-15';
export const TERMS_EFFECTIVE = '2022-07-01';

export const termsSectionId = (number: number) => `terms-${number}`;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls to a section and moves focus to its heading, so keyboard and screen-reader users continue there. */
function goToSection(id: string, smooth: boolean): void {
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.scrollIntoView({ behavior: smooth && !reducedMotion() ? 'smooth' : 'auto', block: 'start' });
  heading.focus({ preventScroll: true });
}

export function TermsOfServicePage() {
  usePageTitle('Terms of Service');
  const { site, productName } = useSiteInfo();
  const { hash } = useLocation();
  const sections = termsSections({
    productName,
    email: site ? <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a> : 'our support e-mail address',
  });

  // A link to /termsOfService#terms-12 arrives before the page's content: scroll once it is there.
  useEffect(() => {
    if (hash) goToSection(decodeURIComponent(hash.slice(1)), false);
  }, [hash]);

  function onTocClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
    event.preventDefault();
    window.history.replaceState(window.history.state, '', `#${id}`);
    goToSection(id, true);
  }

  return (
    <Container className="page legal">
      <h1>Terms of Service</h1>
      <LegalDates updated={TERMS_UPDATED} effective={TERMS_EFFECTIVE} />
      <p className="legal__intro">
        Please read these terms carefully. They explain your rights and responsibilities when you use {productName}.
      </p>

      <nav className="legal-toc" aria-labelledby="terms-toc-title">
        <h2 id="terms-toc-title">Table of contents</h2>
        <ol>
          {sections.map((section, index) => {
            const id = termsSectionId(index + 1);
            return (
              <li key={id}>
                <a href={`#${id}`} onClick={(event) => onTocClick(event, id)}>
                  {section.title}
                </a>
              </li>
            );
          })}
        </ol>
      </nav>

      {sections.map((section, index) => {
        const id = termsSectionId(index + 1);
        return (
          <section key={id} aria-labelledby={id}>
            <h2 id={id} tabIndex={-1}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        );
      })}

      <footer className="legal-footer">
        <p>
          <strong>{productName}</strong>, Los Angeles, CA
        </p>
        {site && (
          <p>
            <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
          </p>
        )}
        <p>© 2022 {productName}. All rights reserved.</p>
      </footer>
    </Container>
  );
}
