import { ListPage } from '../../../components/list/ListPage';
import { useListPageToast } from '../../../components/list/useListPageToast';
import { RxInteractionsWidget } from '../components/RxInteractionsWidget';

export function RxInteractionsPage() {
  const onStatus = useListPageToast('rx-interactions');
  return (
    <ListPage title="Rx Interactions" intro="Drugs you take that may affect each other, the most serious first.">
      <RxInteractionsWidget variant="page" onStatus={onStatus} />
    </ListPage>
  );
}
