import { useId, useState, type KeyboardEvent } from 'react';
import { VisuallyHidden } from '@healthlink/web-ui';
import { DrugTexts } from '../lib/drug-texts';
import { formatPriceDate } from '../lib/format';
import './price-note.css';

export interface PriceNoteProps {
  /** How the price was worked out, e.g. "30 EA x $0.04512 NADAC + $10.50 dispensing fee". */
  formula: string;
  /** YYYY-MM-DD of the price data. */
  priceDate: string | null;
  /** What the note is about, read after the button's name ("How this price was worked out: brand"). */
  about?: string;
}

/**
 * A price's formula and date as a tooltip that opens on hover AND keyboard focus (a title= alone reaches neither
 * keyboard nor touch users), and toggles on click or tap; Escape closes it. The text is always the button's
 * description, so a screen reader reads it without opening anything.
 */
export function PriceNote({ formula, priceDate, about }: PriceNoteProps) {
  const tipId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed && (hovered || focused || pinned);
  const date = formatPriceDate(priceDate);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setDismissed(true);
      setPinned(false);
    }
  }

  return (
    <span
      className="drug-note"
      onMouseEnter={() => {
        setDismissed(false);
        setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        className="drug-note__button"
        aria-describedby={tipId}
        aria-expanded={open}
        onFocus={() => {
          setDismissed(false);
          setFocused(true);
        }}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onClick={() => {
          setDismissed(false);
          setPinned((value) => !value);
        }}
        onKeyDown={onKeyDown}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <VisuallyHidden>
          {DrugTexts.priceNoteLabel}
          {about ? `: ${about}` : ''}
        </VisuallyHidden>
      </button>
      <span id={tipId} role="tooltip" className="drug-note__tip" hidden={!open}>
        {formula}
        {date ? `. Price data as of ${date}.` : '.'}
      </span>
    </span>
  );
}
