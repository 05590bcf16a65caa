import { Link } from 'react-router';
import { VisuallyHidden } from '@healthlink/web-ui';
import './widget.css';

export interface SeeAllLinkProps {
  /** The list page. */
  to: string;
  /** The list's name, for screen readers: "See all Rx History". */
  title: string;
  /** A sentence before the link, e.g. how many of how many the card shows. */
  summary?: string;
}

/** A dashboard widget's way to its list page (part 2 §2). */
export function SeeAllLink({ to, title, summary }: SeeAllLinkProps) {
  return (
    <p className="widget-see-all">
      {summary && `${summary} `}
      <Link to={to}>
        See all<VisuallyHidden> {title}</VisuallyHidden>
      </Link>
    </p>
  );
}
