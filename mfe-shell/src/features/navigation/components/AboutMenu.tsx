import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

const ITEMS = [
  { to: '/about', label: 'About Us' },
  { to: '/curesAct', label: 'Cures Act' },
] as const;

export interface AboutMenuProps {
  pathname: string;
  /** True on /about and /curesAct: the bar highlights the About section. */
  isCurrentSection: boolean;
}

/**
 * The About dropdown (a disclosure of links): opens on click, Enter, Space or the arrow keys;
 * arrows move between items; closes on selection, Escape, Tab away or a click outside.
 */
export function AboutMenu({ pathname, isCurrentSection }: AboutMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (open && focusIndex !== null) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  useEffect(() => close(false), [pathname]);

  function openAt(index: number | null) {
    setOpen(true);
    setFocusIndex(index);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    setFocusIndex(null);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(ITEMS.length - 1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = {
      ArrowDown: (current + 1) % ITEMS.length,
      ArrowUp: (current - 1 + ITEMS.length) % ITEMS.length,
      Home: 0,
      End: ITEMS.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      itemRefs.current[moves[event.key]]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
  }

  return (
    <div className="shell-dropdown" ref={rootRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={['shell-nav__link', 'shell-dropdown__toggle', isCurrentSection ? 'is-current' : ''].join(' ').trim()}
        aria-expanded={open}
        aria-controls={menuId}
        aria-current={isCurrentSection ? 'true' : undefined}
        onClick={() => (open ? close(false) : openAt(null))}
        onKeyDown={onButtonKeyDown}
      >
        About
        <svg className="shell-dropdown__chevron" aria-hidden="true" viewBox="0 0 12 8" width="12" height="8">
          <path d="M1 1l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={menuId} className="shell-dropdown__menu" hidden={!open} onKeyDown={onMenuKeyDown}>
        {ITEMS.map((item, index) => (
          <li key={item.to}>
            <Link
              ref={(node) => {
                itemRefs.current[index] = node;
              }}
              to={item.to}
              className="shell-dropdown__item"
              aria-current={pathname === item.to ? 'page' : undefined}
              onClick={() => close(false)}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
