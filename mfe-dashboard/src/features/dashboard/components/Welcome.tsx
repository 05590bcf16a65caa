import { Link } from 'react-router';
import type { InsurerLinkSummary } from '@healthlink/contracts';
import { telHref, useSiteInfo } from '@healthlink/web-runtime';
import { formatDateTime } from '../../../components/date/format-date';

export interface WelcomeProps {
  /** Unknown while the account loads (or if it cannot): the heading then greets without a name. */
  firstName: string | undefined;
  /** The member's linked insurers; undefined while they load. */
  links: readonly InsurerLinkSummary[] | undefined;
}

function LastUpdated({ links }: { links: readonly InsurerLinkSummary[] }) {
  return (
    <div className="dash-welcome__updates">
      <h2 className="dash-welcome__subheading">Your linked insurers</h2>
      <ul>
        {links.map((link) => (
          <li key={link.insurer}>
            <span className="dash-welcome__insurer">{link.name}</span>:{' '}
            {link.lastSyncedAt ? `Last updated ${formatDateTime(link.lastSyncedAt)}` : 'Getting your data for the first time'}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The dashboard's greeting (part 2 §1): the member's first name, the hint to link insurance or call the support
 * number from configuration, and when each linked insurer's data was last updated.
 */
export function Welcome({ firstName, links }: WelcomeProps) {
  const { site } = useSiteInfo();
  const phone = site?.supportPhone;
  const linked = links !== undefined && links.length > 0;
  // One text whatever the links say: it is the page's largest text, and it must not wait for (or change with) them.
  return (
    <div className="dash-welcome">
      <h1 className="dash-welcome__title">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
      <p className="dash-welcome__hint">
        <Link to="/insuranceSelect">Link your health insurance</Link> (or add another) to see your claims, prescriptions and diagnoses here.
        {phone && (
          <>
            {' '}
            Questions? Call us at <a href={telHref(phone)}>{phone}</a>.
          </>
        )}
      </p>
      {linked && <LastUpdated links={links} />}
    </div>
  );
}
