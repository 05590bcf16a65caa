import { useEffect, useRef, type KeyboardEvent } from 'react';
import { SidebarIcon } from './SidebarIcon';
import { SidebarNav } from './SidebarNav';
import type { SectionKey, SidebarMode } from './sidebar-sections';
import '../button/compact-button.css';

const FOCUSABLE = 'a[href], button:not([disabled])';

export interface SidebarDrawerProps {
  id: string;
  mode: SidebarMode;
  onClose: () => void;
  onAnchor: (sectionId: string) => void;
  hidden?: readonly SectionKey[];
}

/**
 * The sidebar on small screens (part 2 §2): a drawer that slides in over the page, a modal dialog while open.
 * Focus starts on its first entry and stays inside; Escape, the close button or the backdrop close it.
 */
export function SidebarDrawer({ id, mode, onClose, onAnchor, hidden }: SidebarDrawerProps) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('nav a[href]')?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      <div className="dash-drawer__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        id={id}
        className="dash-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
      >
        <div className="dash-drawer__header">
          <h2 id={`${id}-title`} className="dash-drawer__title">
            Dashboard menu
          </h2>
          <button type="button" className="compact-button" onClick={onClose}>
            <SidebarIcon name="close" />
            <span>Close</span>
            <span className="hl-visually-hidden"> menu</span>
          </button>
        </div>
        <SidebarNav mode={mode} onAnchor={onAnchor} hidden={hidden} />
      </div>
    </>
  );
}
