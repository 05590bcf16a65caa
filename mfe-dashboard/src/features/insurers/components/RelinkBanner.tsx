import { useId } from 'react';
import { Link } from 'react-router';
import { useInsurerLinks } from '../api/get-insurer-links';
import './relink-banner.css';

/**
 * For each linked insurer that no longer accepts our access (status `relink_required`: it refused the refresh at
 * the daily re-sync), a banner asking the member to link it again. Nothing while loading, when every link is fine,
 * or when the links cannot be read: it is a reminder, never in the way.
 */
export function RelinkBanner() {
  const { data } = useInsurerLinks();
  const baseId = useId();
  const refused = data?.links.filter((link) => link.status === 'relink_required') ?? [];
  if (refused.length === 0) return null;
  return (
    <ul className="relink-banner" aria-label="Insurer connections to renew">
      {refused.map((link, i) => {
        const textId = `${baseId}-${i}`;
        return (
          <li key={link.insurer} className="relink-banner__item">
            {/* The words carry the meaning; the mark and the colour only repeat it. */}
            <span className="relink-banner__mark" aria-hidden="true">
              !
            </span>
            <span id={textId} className="relink-banner__text">
              Your connection to {link.name} needs to be renewed
            </span>
            <Link to="/insuranceSelect" className="relink-banner__action" aria-describedby={textId}>
              Link again
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
