import { useSearchParams } from 'react-router';
import { SEARCH_MAX_LENGTH } from '@healthlink/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { useListPageToast } from '../../../components/list/useListPageToast';
import { HealthHistorySearch } from '../components/HealthHistorySearch';
import { HealthHistoryWidget } from '../components/HealthHistoryWidget';

// The server refuses control characters (400): a hand-edited URL loses them instead.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A URL's search as the server accepts it (part 2 §5's rules in the contracts): no control characters, bounded. */
const searchFromUrl = (value: string | null) => (value ?? '').replace(CONTROL, ' ').trim().slice(0, SEARCH_MAX_LENGTH).trim();

/** /healthHistory?search=&serviceID= (part 2 §2): the whole health history, searchable, opening a linked claim. */
export function HealthHistoryPage() {
  const onStatus = useListPageToast('health-history');
  const [params, setParams] = useSearchParams();
  const search = searchFromUrl(params.get('search'));
  const serviceID = params.get('serviceID')?.replace(CONTROL, '') || null;

  function applySearch(next: string) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('search', next);
        else updated.delete('search');
        // A new search is a new list: the claim a link opened is no longer the point.
        updated.delete('serviceID');
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <ListPage title="Health History" intro="Your claims from your insurers, newest first. Open one to see its diagnoses and procedures.">
      <HealthHistorySearch value={search} onSearch={applySearch} />
      <HealthHistoryWidget variant="page" onStatus={onStatus} search={search} serviceID={serviceID} />
    </ListPage>
  );
}
