import type { RxHistorySort } from '@healthlink/contracts';
import { ToggleButtons, type ToggleOption } from '../../../components/toggle/ToggleButtons';

const OPTIONS: readonly ToggleOption<RxHistorySort>[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

export interface SortToggleProps {
  sort: RxHistorySort;
  onChange: (sort: RxHistorySort) => void;
}

/** Newest or oldest first by date prescribed (part 2 §4): two toggle buttons, the chosen one pressed. */
export function SortToggle({ sort, onChange }: SortToggleProps) {
  return <ToggleButtons label="Sort by date prescribed" options={OPTIONS} value={sort} onChange={onChange} />;
}
