import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MEDIUM_SCREEN_QUERY, SMALL_SCREEN_QUERY, useMediaQuery } from '@healthlink/web-ui';
import { SidebarDrawer } from './SidebarDrawer';
import { SidebarIcon } from './SidebarIcon';
import { SidebarNav } from './SidebarNav';
import { goToSection, SCROLL_OFFSET_PX, SMALL_SCREEN_SCROLL_OFFSET_PX, type SectionKey, type SidebarMode } from './sidebar-sections';
import '../button/compact-button.css';
import './sidebar.css';

export interface DashboardLayoutProps {
  mode: SidebarMode;
  children: ReactNode;
  /** Sections the page leaves out this time: the sidebar offers no anchor to them. */
  hidden?: readonly SectionKey[];
}

/**
 * A dashboard page with its sidebar (part 2 §2, §9): beside the content on larger screens, where it collapses to
 * icons (4rem) or shows its labels (15rem); at 640px and below a Menu bar opens it as a slide-in drawer, and
 * choosing a section there closes it. The button says "Dashboard menu": the shell's
 * header has its own Menu button at that width. The header and footer stay full width: this is the page's own column.
 */
export function DashboardLayout({ mode, children, hidden }: DashboardLayoutProps) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  // Medium screens (641-1000px) start with icons only, leaving the content room; the member can expand it.
  const [collapsed, setCollapsed] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia(MEDIUM_SCREEN_QUERY).matches,
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const navId = useId();
  const drawerId = useId();

  // Growing past 640px (rotation, zoom out) leaves no drawer behind.
  useEffect(() => {
    if (!small) setDrawerOpen(false);
  }, [small]);

  useEffect(() => {
    if (drawerOpen || !returnFocus.current) return;
    returnFocus.current = false;
    menuButton.current?.focus();
  }, [drawerOpen]);

  function closeDrawer() {
    returnFocus.current = true;
    setDrawerOpen(false);
  }

  function onAnchor(sectionId: string) {
    // Focus goes to the section, not back to the Menu button.
    goToSection(sectionId, small ? SMALL_SCREEN_SCROLL_OFFSET_PX : SCROLL_OFFSET_PX);
    if (small) setDrawerOpen(false);
  }

  return (
    <div className={['dash-layout', !small && collapsed ? 'dash-layout--collapsed' : ''].filter(Boolean).join(' ')}>
      {small ? (
        <div className="dash-menubar">
          <button
            ref={menuButton}
            type="button"
            className="compact-button"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? drawerId : undefined}
            onClick={() => setDrawerOpen(true)}
          >
            <SidebarIcon name="menu" />
            Dashboard menu
          </button>
        </div>
      ) : (
        <aside className={`dash-sidebar${collapsed ? ' dash-sidebar--collapsed' : ''}`}>
          <button
            type="button"
            className="dash-sidebar__item dash-sidebar__toggle"
            aria-expanded={!collapsed}
            aria-controls={navId}
            title={collapsed ? 'Expand sidebar' : undefined}
            onClick={() => setCollapsed((value) => !value)}
          >
            <SidebarIcon name={collapsed ? 'expand' : 'collapse'} />
            <span className="dash-sidebar__label">{collapsed ? 'Expand' : 'Collapse'}</span>
            <span className="hl-visually-hidden"> sidebar</span>
          </button>
          <SidebarNav id={navId} mode={mode} collapsed={collapsed} onAnchor={onAnchor} hidden={hidden} />
        </aside>
      )}
      {small && drawerOpen && <SidebarDrawer id={drawerId} mode={mode} onClose={closeDrawer} onAnchor={onAnchor} hidden={hidden} />}
      <div className="dash-content">{children}</div>
    </div>
  );
}
