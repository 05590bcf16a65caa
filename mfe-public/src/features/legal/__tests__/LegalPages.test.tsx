import { screen, within } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { serveApi } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { PrivacyPolicyPage } from '../routes/PrivacyPolicyPage';
import { TermsOfServicePage } from '../routes/TermsOfServicePage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const textOf = () => document.body.textContent ?? '';

describe('/privacyPolicy', () => {
  beforeEach(() => {
    serveApi({});
    renderPage(<PrivacyPolicyPage />, '/privacyPolicy');
  });

  it('has the twelve sections of the spec and its dates', () => {
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Overview',
      'Information we collect',
      'How we use the website and your information',
      'Do Not Track',
      'Cookies and analytics',
      'Your information and who sees it',
      'Access to your information',
      'How we protect your information',
      'Control of sharing',
      'How long we keep your information',
      'Your privacy rights',
      'Contact us',
    ]);
    expect(screen.getByText('February 29, 2024').closest('time')).toHaveAttribute('dateTime', '2024-02-29');
    expect(screen.getByText('July 1, 2022').closest('time')).toHaveAttribute('dateTime', '2022-07-01');
    expect(screen.getByText('© 2022 CarePath, Los Angeles, CA')).toBeInTheDocument();
  });

  it('states the facts the spec and the product fix', () => {
    expect(textOf()).toMatch(/CarePath is free/);
    expect(textOf()).toMatch(/We do not store your healthcare account credentials/);
    expect(textOf()).toMatch(/We keep your information until you close your account/);
    expect(textOf()).toMatch(
      /deletes it at once and for good, together with its sessions, your patient information and every record we fetched/,
    );
    expect(textOf()).toMatch(/There is no grace period/);
  });

  it('lists what deleting an account removes beyond the account, and exactly what stays and why', () => {
    expect(textOf()).toMatch(/we withdraw the permissions you gave us at your insurers/);
    expect(textOf()).toMatch(/requests to add an insurer, the messages sent from your e-mail address through the contact form/);
    expect(textOf()).toMatch(/every background task that named you/);
    const stays = screen.getByText('What stays after you delete your account, and why:').nextElementSibling as HTMLElement;
    const items = within(stays)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items).toHaveLength(4);
    expect(items[0]).toMatch(/cannot be turned back into your e-mail or IP address, and are deleted within two and a half hours/);
    expect(items[1]).toMatch(/We remove your account number and every detail from them/);
    expect(items[2]).toMatch(/copy of each contact-form message that was e-mailed to our support team/);
    expect(items[3]).toMatch(/name an account only by its number \(never by e-mail/);
    expect(textOf()).toMatch(/analytics are first-party/);
    expect(textOf()).toMatch(/no user id, no name and no health data/);
    expect(textOf()).toMatch(/Reject all: no analytics event is sent/);
    expect(screen.getAllByRole('link', { name: TEST_SITE_INFO.supportEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${TEST_SITE_INFO.supportEmail}`,
    );
  });
});

describe('/termsOfService', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = jest.fn();
    serveApi({});
    renderPage(<TermsOfServicePage />, '/termsOfService');
  });

  it('has its dates, a table of contents of 23 sections, the 23 sections and a company footer', () => {
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('April 15, 2024').closest('time')).toHaveAttribute('dateTime', '2024-04-15');
    expect(screen.getByText('July 1, 2022').closest('time')).toHaveAttribute('dateTime', '2022-07-01');
    const toc = within(screen.getByRole('navigation', { name: 'Table of contents' }));
    const links = toc.getAllByRole('link');
    expect(links).toHaveLength(23);
    const sections = screen.getAllByRole('heading', { level: 2 }).filter((h) => /^\d+\. /.test(h.textContent ?? ''));
    expect(sections).toHaveLength(23);
    links.forEach((link, i) => {
      expect(link).toHaveAttribute('href', `#${sections[i].id}`);
      expect(sections[i].textContent).toBe(`${i + 1}. ${link.textContent}`);
    });
    expect(screen.getByText('© 2022 CarePath. All rights reserved.')).toBeInTheDocument();
  });

  it('states the ages, HIPAA, sharing, access, liability cap and time bar', () => {
    expect(textOf()).toMatch(/13 years of age or older/);
    expect(textOf()).toMatch(/parent or legal guardian/);
    expect(textOf()).toMatch(/not built for HIPAA-regulated use/);
    expect(textOf()).toMatch(/We promise not to share or sell your personal data/);
    expect(textOf()).toMatch(/access, or try to access, another person's health information/);
    expect(textOf()).toMatch(/US \$10,000/);
    expect(textOf()).toMatch(/within three \(3\) years/);
  });

  it('a contents entry scrolls to its section and moves focus there', async () => {
    const link = screen.getByRole('link', { name: 'Contact Us' });
    await user.click(link);
    const heading = screen.getByRole('heading', { level: 2, name: '23. Contact Us' });
    expect(heading.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(heading).toHaveFocus();
    expect(window.location.hash).toBe('#terms-23');
  });
});
