import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SEARCH_MAX_LENGTH } from '@healthlink/contracts';
import { TextField } from '@healthlink/web-ui';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface HealthHistorySearchProps {
  /** The search in force (the URL's ?search=). */
  value: string;
  onSearch: (search: string) => void;
}

/**
 * The search of the health history (part 2 §5): it runs on the server a moment after typing stops, or at once on
 * Enter; the URL holds it, so Back and a shared link give the same list.
 */
export function HealthHistorySearch({ value, onSearch }: HealthHistorySearchProps) {
  const [text, setText] = useState(value);
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };

  // The URL changed by itself (Back, a link): the field follows, unless it already says the same.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === latest.current.value) return undefined;
    const timer = setTimeout(() => latest.current.onSearch(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Enter searches at once. No <form>: there is nothing to submit, and the search must not reload the page.
  function searchNow(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const wanted = text.trim();
    if (wanted !== value) onSearch(wanted);
  }

  return (
    <div role="search" aria-label="Health history" className="claims-search">
      <TextField
        type="search"
        label="Search your health history"
        hint="By date, diagnosis, procedure, provider, status, type or amount"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={searchNow}
      />
    </div>
  );
}
