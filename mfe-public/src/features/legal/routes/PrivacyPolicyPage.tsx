import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '@healthlink/web-ui';
import { usePageTitle, useSiteInfo } from '@healthlink/web-runtime';
import { LegalDates } from '../components/LegalDates';
import './legal.css';

export const PRIVACY_UPDATED = '2024-02-29';
export const PRIVACY_EFFECTIVE = '2022-07-01';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function PrivacyPolicyPage() {
  usePageTitle('Privacy Policy');
  const { site, productName } = useSiteInfo();
  const email = site ? <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a> : 'our support e-mail address';

  return (
    <Container className="page legal">
      <h1>Privacy Policy</h1>
      <LegalDates updated={PRIVACY_UPDATED} effective={PRIVACY_EFFECTIVE} />

      <Section id="privacy-overview" title="Overview">
        <p className="legal__intro">
          This policy explains what information {productName} collects, why, how we protect it, and the choices you have. {productName} is
          free: you never pay for it, and we do not make money by selling or sharing your personal data.
        </p>
      </Section>

      <Section id="privacy-collected" title="Information we collect">
        <ul>
          <li>Your account: first and last name, e-mail address, and your password, which we store only as a secure one-way hash.</li>
          <li>Your profile, if you add it: phone number, address, date of birth and gender.</li>
          <li>
            The health-plan records you ask us to fetch from your insurer: coverage, claims, prescriptions, diagnoses and visits, and the
            prescriptions you enter yourself.
          </li>
          <li>Messages you send us through the contact form: your name, e-mail address, phone number and message.</li>
          <li>What our servers need to run safely: your IP address (to slow down repeated sign-in attempts) and error logs.</li>
        </ul>
        <p>
          We do not store your healthcare account credentials. You sign in on your insurer's own website; we receive only a permission to
          read your records, which you can withdraw at any time.
        </p>
      </Section>

      <Section id="privacy-website-use" title="How we use the website and your information">
        <p>We use your information only to:</p>
        <ul>
          <li>show your personal dashboard, compare prescription prices, find coupons and plans that may cost you less;</li>
          <li>answer your messages and, when you ask for it, put you in touch with a licensed insurance broker;</li>
          <li>keep accounts secure: sign-in, password recovery by e-mailed code, and limits on repeated attempts;</li>
          <li>understand which pages are useful, with our own first-party analytics described under Cookies.</li>
        </ul>
      </Section>

      <Section id="privacy-do-not-track" title="Do Not Track">
        <p>
          We do not track you across other websites and we allow no third party to track you on ours, whether or not your browser sends a Do
          Not Track signal. Our own page statistics follow the choice you make with the Cookies button.
        </p>
      </Section>

      <Section id="privacy-cookies" title="Cookies and analytics">
        <p>
          Your sign-in is kept in your browser's local storage and ends after 30 minutes without activity. One cookie, named consentCookie,
          remembers your cookie choice for one year.
        </p>
        <p>
          Our analytics are first-party: they go only to our own server, never to another company, and no third-party script or pixel runs
          on this site. An event records the page path (never what follows a question mark in the address) or the name of a button, such as
          Get Started. It holds no user id, no name and no health data.
        </p>
        <p>
          Press the Cookies button at the bottom of any page and choose Reject all: no analytics event is sent from then on. Accept all
          turns them back on.
        </p>
      </Section>

      <Section id="privacy-your-information" title="Your information and who sees it">
        <p>
          Your information is yours. We do not sell it and we do not share it. We use a small number of service providers, such as our
          hosting and e-mail providers, who process data only on our instructions and under contract. We disclose information when the law
          requires it. When you ask for something that involves another company, such as a drug coupon or a call from a broker, we tell you
          first what will be sent.
        </p>
      </Section>

      <Section id="privacy-access" title="Access to your information">
        <p>
          You can see and correct your profile at any time on your profile page. To get a copy of the information we hold about you, write
          to {email}.
        </p>
      </Section>

      <Section id="privacy-protection" title="How we protect your information">
        <ul>
          <li>Every connection to {productName} is encrypted.</li>
          <li>Passwords are stored only as a strong one-way hash; recovery codes expire after 10 minutes.</li>
          <li>Sessions end after 30 minutes without activity and at logout; a password change ends your other sessions.</li>
          <li>Only the people who run the service can reach its data, and only when they need to.</li>
        </ul>
      </Section>

      <Section id="privacy-control" title="Control of sharing">
        <p>
          You decide which insurers to link, and you can withdraw a permission at your insurer at any time. You decide whether our analytics
          run with the Cookies button. Nothing is shared with a coupon provider or a broker unless you ask for it.
        </p>
      </Section>

      <Section id="privacy-retention" title="How long we keep your information">
        <p>
          We keep your information until you close your account. Deleting your account deletes it at once and for good, together with its
          sessions, your patient information and every record we fetched for you. There is no grace period, and it cannot be undone.
        </p>
        <p>
          At the same moment we withdraw the permissions you gave us at your insurers (at each insurer that lets an app withdraw one; at the
          others, you can withdraw it on the insurer's website), and we delete your requests to add an insurer, the messages sent from your
          e-mail address through the contact form, any referral code a partner made for your e-mail address, and every background task that
          named you, such as a password-recovery e-mail still waiting to be sent.
        </p>
        <p>What stays after you delete your account, and why:</p>
        <ul>
          <li>
            Counters that slow down repeated attempts (sign-in, password recovery, sign-up, messages). They are filed under a scrambled code
            that cannot be turned back into your e-mail or IP address, and are deleted within two and a half hours.
          </li>
          <li>
            Entries in our error log about errors that happened while you used {productName}. We remove your account number and every detail
            from them; what stays is when the error happened, its kind, the insurer involved and which part of our service reported it, so
            that we can see how well the service works.
          </li>
          <li>
            The copy of each contact-form message that was e-mailed to our support team. It is in our support mailbox, not in {productName};
            write to {email} and we will delete it.
          </li>
          <li>
            Our servers' activity logs, which record requests with the IP address they came from and name an account only by its number
            (never by e-mail, and never with a password, a code or health data). They help us find faults and attacks and are kept only as
            long as our hosting keeps logs.
          </li>
        </ul>
      </Section>

      <Section id="privacy-rights" title="Your privacy rights">
        <p>
          Depending on where you live (in California, for example), you have the right to know what personal information we collect, to get
          a copy, to correct it, to delete it, and not to be treated differently for using these rights. We do not sell or share personal
          information, so there is nothing to opt out of. {productName} is not meant for children under 13 and we do not knowingly collect
          their information.
        </p>
      </Section>

      <Section id="privacy-contact" title="Contact us">
        <p>
          Questions about this policy or your information: write to {email} or use our <Link to="/contact">contact form</Link>. We answer
          within 24 hours.
        </p>
      </Section>

      <footer className="legal-footer">
        <p>© 2022 {productName}, Los Angeles, CA</p>
      </footer>
    </Container>
  );
}
