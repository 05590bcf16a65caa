import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode, type TouchEvent } from 'react';
import { useMediaQuery, VisuallyHidden } from '@healthlink/web-ui';

/** Spec part 1 §9. */
export const CAROUSEL_INTERVAL_MS = 4000;
export const SWIPE_THRESHOLD_PX = 10;
// A tap fires emulated mouse events after the touch ones; they are not a hover.
const EMULATED_MOUSE_WINDOW_MS = 800;

export interface CarouselProps<T> {
  /** The carousel's accessible name. */
  label: string;
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  intervalMs?: number;
  swipeThresholdPx?: number;
}

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * An accessible carousel (WAI-ARIA APG "auto-rotating carousel"): advances every 4 s; stops while the
 * pointer is over it or focus is inside it, and whenever the visitor pressed Pause (it starts paused
 * when the system asks for reduced motion). Previous, Next and numbered buttons; a horizontal swipe of
 * more than 10 px moves one card. Hidden cards are inert; the current card is announced only while the
 * rotation is stopped.
 */
export function Carousel<T>({
  label,
  items,
  renderItem,
  itemKey,
  intervalMs = CAROUSEL_INTERVAL_MS,
  swipeThresholdPx = SWIPE_THRESHOLD_PX,
}: CarouselProps<T>) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState(reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const lastTouchAt = useRef(0);
  const trackId = useId();
  const count = items.length;
  const rotating = !userPaused && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  const show = (next: number) => setIndex(((next % count) + count) % count);

  function onTouchStart(event: TouchEvent<HTMLElement>) {
    const touch = event.touches[0];
    lastTouchAt.current = Date.now();
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }

  function onTouchEnd(event: TouchEvent<HTMLElement>) {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    lastTouchAt.current = Date.now();
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    // A mostly vertical movement is the page scrolling, not a swipe.
    if (Math.abs(dx) <= swipeThresholdPx || Math.abs(dx) < Math.abs(dy)) return;
    show(dx < 0 ? index + 1 : index - 1);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => {
        if (Date.now() - lastTouchAt.current > EMULATED_MOUSE_WINDOW_MS) setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="carousel__controls">
        <button type="button" className="carousel__rotation" aria-controls={trackId} onClick={() => setUserPaused((paused) => !paused)}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            {userPaused ? <path d="M7 4l13 8-13 8z" fill="currentColor" /> : <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" />}
          </svg>
          {userPaused ? 'Play' : 'Pause'}
          <VisuallyHidden> automatic card rotation</VisuallyHidden>
        </button>
        <div className="carousel__nav">
          <button type="button" className="carousel__arrow" aria-controls={trackId} onClick={() => show(index - 1)}>
            <Arrow direction="left" />
            <VisuallyHidden>Previous card</VisuallyHidden>
          </button>
          {items.map((item, i) => (
            <button
              key={itemKey(item)}
              type="button"
              className="carousel__dot"
              aria-controls={trackId}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
            >
              <VisuallyHidden>Show card </VisuallyHidden>
              {i + 1}
            </button>
          ))}
          <button type="button" className="carousel__arrow" aria-controls={trackId} onClick={() => show(index + 1)}>
            <Arrow direction="right" />
            <VisuallyHidden>Next card</VisuallyHidden>
          </button>
        </div>
      </div>
      <div className="carousel__viewport" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div
          id={trackId}
          className="carousel__track"
          aria-live={rotating ? 'off' : 'polite'}
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {items.map((item, i) => (
            <div
              key={itemKey(item)}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i === index ? undefined : true}
              inert={i !== index}
            >
              {renderItem(item)}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
