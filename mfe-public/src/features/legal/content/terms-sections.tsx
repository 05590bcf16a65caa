import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface TermsSection {
  title: string;
  body: ReactNode;
}

export interface TermsFacts {
  productName: string;
  /** A mailto link, or plain text until the address is known. */
  email: ReactNode;
}

/** The 23 sections of the Terms of Service (spec part 1 §1, §2, §9: ages, HIPAA, sharing, liability cap, time bar). */
export function termsSections({ productName: p, email }: TermsFacts): TermsSection[] {
  return [
    {
      title: 'Acceptance of These Terms',
      body: (
        <p>
          These Terms of Service are an agreement between you and {p}. By creating an account or using the website, you accept them. If you
          do not agree, please do not use {p}.
        </p>
      ),
    },
    {
      title: 'Who May Use the Service',
      body: (
        <p>
          You must be 13 years of age or older to use {p}. If you are under 18, or under the age of majority where you live, you may use {p}{' '}
          only with the involvement and consent of a parent or legal guardian, who accepts these terms for you.
        </p>
      ),
    },
    {
      title: 'Your Account',
      body: (
        <p>
          Give us accurate information, keep your password to yourself, and tell us at once if you think someone else has used your account.
          You are responsible for what happens in your account. For your safety, you are signed out after 30 minutes without activity.
        </p>
      ),
    },
    {
      title: 'The Service Is Free',
      body: <p>{p} is free for you to use. We will never charge you for your account or for seeing your own records.</p>,
    },
    {
      title: 'Your Health Information and the 21st Century Cures Act',
      body: (
        <p>
          {p} fetches your health-plan records from insurers only when you ask, using the patient-access services that the 21st Century
          Cures Act and the rules that followed require health plans to offer. You sign in at your insurer and approve the sharing; we never
          see or store your insurer credentials.
        </p>
      ),
    },
    {
      title: 'Not Medical Advice',
      body: (
        <p>
          The information on {p}, including medical tips, drug interaction warnings and plan comparisons, is for general information only.
          It is not medical advice and does not replace your doctor or pharmacist. In an emergency, call 911.
        </p>
      ),
    },
    {
      title: 'Not Built for HIPAA-Regulated Use',
      body: (
        <p>
          {p} is a consumer service you choose to use for yourself. It is not designed for use by health plans, providers or their business
          associates, and it is not built for HIPAA-regulated use. Do not use it to store or handle protected health information on behalf
          of such an organization.
        </p>
      ),
    },
    {
      title: 'Privacy and Your Personal Data',
      body: (
        <p>
          We promise not to share or sell your personal data. How we collect, use and protect information is explained in our{' '}
          <Link to="/privacyPolicy">Privacy Policy</Link>, which is part of these terms.
        </p>
      ),
    },
    {
      title: 'Acceptable Use',
      body: (
        <>
          <p>When you use {p}, you agree that you will not:</p>
          <ul>
            <li>access, or try to access, another person's health information, even a family member's, without their legal authority;</li>
            <li>sign in as someone else or share your account;</li>
            <li>break, probe or overload the service, or get around its security or rate limits;</li>
            <li>copy the service or its data in bulk, by automated means;</li>
            <li>use {p} for anything unlawful.</li>
          </ul>
        </>
      ),
    },
    {
      title: 'Linked Insurers and Other Services',
      body: (
        <p>
          Insurers, coupon providers and other services you connect to have their own terms and privacy policies. We are not responsible for
          their services, their availability or the accuracy of the records they send.
        </p>
      ),
    },
    {
      title: 'Prescription Prices and Coupons',
      body: (
        <p>
          Drug prices and coupon values are estimates from third parties and may differ at the pharmacy. A coupon is redeemed with its
          provider, under its terms.
        </p>
      ),
    },
    {
      title: 'Plan Comparisons and Licensed Brokers',
      body: (
        <p>
          Plan comparisons are estimates based on the records available to us. If you choose to call a licensed insurance broker, the broker
          advises you independently; {p} does not sell insurance.
        </p>
      ),
    },
    {
      title: 'Intellectual Property',
      body: (
        <p>
          The {p} website, its design, text and software belong to {p} or its licensors. You may use them only to use the service as these
          terms allow. Your records remain yours.
        </p>
      ),
    },
    {
      title: 'Your Feedback',
      body: <p>If you send us ideas or suggestions, we may use them to improve {p} without any obligation to you.</p>,
    },
    {
      title: 'Changes to the Service',
      body: (
        <p>
          We keep improving {p} and may add, change or remove features. We try to keep the service available at all times but cannot promise
          that it will never be interrupted.
        </p>
      ),
    },
    {
      title: 'Closing Your Account',
      body: (
        <p>
          You can delete your account at any time from your profile page. Deletion is immediate and permanent: your account, its sessions,
          your patient information and the records we fetched are deleted and cannot be restored. We may suspend or close an account that
          breaks these terms.
        </p>
      ),
    },
    {
      title: 'Disclaimer of Warranties',
      body: (
        <p>
          {p} is provided "as is" and "as available". To the extent the law allows, we make no warranties, express or implied, including
          that the service or the records shown are complete, accurate or always available.
        </p>
      ),
    },
    {
      title: 'Limitation of Liability',
      body: (
        <p>
          To the extent the law allows, {p} is not liable for indirect, incidental, special or consequential damages, and our total
          liability for all claims relating to the service is limited to ten thousand US dollars (US $10,000).
        </p>
      ),
    },
    {
      title: 'Indemnification',
      body: (
        <p>
          If you break these terms or the law while using {p} and someone makes a claim against us because of it, you agree to cover the
          reasonable costs of that claim.
        </p>
      ),
    },
    {
      title: 'Disputes and Time Limit for Claims',
      body: (
        <p>
          If you have a concern, please contact us first: most problems can be solved quickly. Any claim relating to {p} must be brought
          within three (3) years after it arose; after that, it is permanently barred.
        </p>
      ),
    },
    {
      title: 'Governing Law',
      body: <p>These terms are governed by the laws of the State of California, without regard to its conflict-of-laws rules.</p>,
    },
    {
      title: 'Changes to These Terms',
      body: (
        <p>
          We may update these terms. The date at the top shows the latest version; if a change is significant, we will tell you by e-mail or
          on the site before it applies. Using {p} after a change means you accept it.
        </p>
      ),
    },
    {
      title: 'Contact Us',
      body: (
        <p>
          Questions about these terms: write to {email} or use our <Link to="/contact">contact form</Link>.
        </p>
      ),
    },
  ];
}
