import { useId, useState, type ReactNode } from 'react';
import { VisuallyHidden } from '@healthlink/web-ui';
import '../button/compact-button.css';
import './widget.css';

export interface WidgetCardProps {
  /** The section's anchor (the sidebar scrolls to it and moves focus to its heading). */
  id: string;
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Beside the title, e.g. the link to the full list. Hidden with the body when the card is minimized. */
  action?: ReactNode;
  children: ReactNode;
  /** Starts minimized. */
  defaultMinimized?: boolean;
}

function Chevron({ up }: { up: boolean }) {
  return (
    <svg className="widget-card__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A dashboard section (part 2 §2): a titled card that minimizes and expands. Its heading takes focus
 * (tabIndex -1) when the sidebar jumps to it; the toggle says its state with aria-expanded and its name with the
 * section's title ("Minimize Rx History"), the word visible so it never depends on the icon.
 */
export function WidgetCard({ id, title, description, action, children, defaultMinimized = false }: WidgetCardProps) {
  const [minimized, setMinimized] = useState(defaultMinimized);
  const bodyId = useId();
  const headingId = `${id}-heading`;
  return (
    <section id={id} className="widget-card" aria-labelledby={headingId} data-minimized={minimized || undefined}>
      <div className="widget-card__header">
        <h2 id={headingId} className="widget-card__title" tabIndex={-1}>
          {title}
        </h2>
        {action && !minimized && <div className="widget-card__action">{action}</div>}
        <button
          type="button"
          className="compact-button"
          aria-expanded={!minimized}
          aria-controls={bodyId}
          onClick={() => setMinimized((value) => !value)}
        >
          <Chevron up={!minimized} />
          {minimized ? 'Expand' : 'Minimize'}
          <VisuallyHidden> {title}</VisuallyHidden>
        </button>
      </div>
      <div id={bodyId} className="widget-card__body" hidden={minimized}>
        {description && <p className="widget-card__description">{description}</p>}
        {children}
      </div>
    </section>
  );
}
