import { useState, type KeyboardEvent } from 'react';

export interface FlipCardProps {
  title: string;
  /** The short line on the front. */
  summary: string;
  /** The explanation on the back. */
  details: string;
}

/**
 * A card whose body turns over (click anywhere on the card, or Enter / Space on its title button) to
 * show the details. The title button stays in view on both sides so focus never hides. Both sides are
 * always in the accessibility tree (the hidden side is hidden only visually), so a screen reader reads
 * the details without turning the card; the button reports the side with aria-pressed.
 */
export function FlipCard({ title, summary, details }: FlipCardProps) {
  const [flipped, setFlipped] = useState(false);
  const flip = () => setFlipped((current) => !current);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      // Handled here, so the browser's own click for Enter / Space does not turn the card back again.
      event.preventDefault();
      flip();
    }
  }

  return (
    // The whole card is a pointer target; keyboards and assistive technology use the button.
    <li className={['flip-card', flipped ? 'is-flipped' : ''].join(' ').trim()} onClick={flip}>
      <h3 className="flip-card__title">
        <button
          type="button"
          className="flip-card__button"
          aria-pressed={flipped}
          onKeyDown={onKeyDown}
          onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
        >
          {title}
          <svg className="flip-card__icon" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path
              d="M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
            <path
              d="M18.5 2.5v4.5H14M5.5 21.5V17H10"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </h3>
      <div className="flip-card__body">
        <div className="flip-card__face flip-card__front">
          <p>{summary}</p>
          <p className="flip-card__hint" aria-hidden="true">
            Select to turn over
          </p>
        </div>
        <div className="flip-card__face flip-card__back">
          <p>{details}</p>
        </div>
      </div>
    </li>
  );
}
