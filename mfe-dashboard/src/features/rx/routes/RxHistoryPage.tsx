import { ListPage } from '../../../components/list/ListPage';
import { useListPageToast } from '../../../components/list/useListPageToast';
import { RxHistoryWidget } from '../components/RxHistoryWidget';

export function RxHistoryPage() {
  const onStatus = useListPageToast('rx-history');
  return (
    <ListPage title="Rx History" intro="Every prescription your insurers shared with us, with what you and your insurer paid for it.">
      <RxHistoryWidget variant="page" onStatus={onStatus} />
    </ListPage>
  );
}
