import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { INSURANCE_SELECT_PATH } from '../widget/WidgetState';
import { SidebarIcon, type SidebarIconName } from './SidebarIcon';
import { ANCHORS_OF, DASHBOARD_PATH, SECTIONS, type SectionKey, type SidebarMode } from './sidebar-sections';

export interface SidebarNavProps {
  id?: string;
  mode: SidebarMode;
  /** Icons only: each label stays the link's name (read aloud) and its tooltip. */
  collapsed?: boolean;
  onAnchor: (sectionId: string) => void;
  /** Sections the page does not show (an AI card without its data): no anchor for them. */
  hidden?: readonly SectionKey[];
}

function ItemContent({ icon, label }: { icon: SidebarIconName; label: string }) {
  return (
    <>
      <SidebarIcon name={icon} />
      <span className="dash-sidebar__label">{label}</span>
    </>
  );
}

const VIEWS: readonly { mode: SidebarMode; label: string; icon: SidebarIconName }[] = [
  { mode: 'normal', label: 'Standard view', icon: 'standardView' },
  { mode: 'ai', label: 'AI view', icon: 'aiView' },
];

/**
 * The sidebar's entries (part 2 §2): Add Insurance, then the mode's section anchors; below them the switch
 * between the standard dashboard and the AI dashboard (how a member reaches AI mode: see the README).
 */
export function SidebarNav({ id, mode, collapsed = false, onAnchor, hidden = [] }: SidebarNavProps) {
  const tooltip = (label: string) => (collapsed ? label : undefined);
  const onAnchorClick = (sectionId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onAnchor(sectionId);
  };
  return (
    <nav id={id} className="dash-sidebar__nav" aria-label={mode === 'ai' ? 'AI dashboard' : 'Dashboard'}>
      <ul className="dash-sidebar__list">
        <li>
          <Link to={INSURANCE_SELECT_PATH} className="dash-sidebar__item dash-sidebar__item--add" title={tooltip('Add Insurance')}>
            <ItemContent icon="addInsurance" label="Add Insurance" />
          </Link>
        </li>
        {ANCHORS_OF[mode]
          .filter((key) => !hidden.includes(key))
          .map((key) => {
            const { id: sectionId, title } = SECTIONS[key];
            return (
              <li key={key}>
                <a href={`#${sectionId}`} className="dash-sidebar__item" title={tooltip(title)} onClick={onAnchorClick(sectionId)}>
                  <ItemContent icon={key} label={title} />
                </a>
              </li>
            );
          })}
      </ul>
      <ul className="dash-sidebar__list dash-sidebar__views" aria-label="Dashboard view">
        {VIEWS.map((view) => (
          <li key={view.mode}>
            <Link
              to={DASHBOARD_PATH[view.mode]}
              className="dash-sidebar__item"
              title={tooltip(view.label)}
              aria-current={view.mode === mode ? 'page' : undefined}
            >
              <ItemContent icon={view.icon} label={view.label} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
