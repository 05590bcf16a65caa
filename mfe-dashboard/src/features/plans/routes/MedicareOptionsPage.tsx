import { ListPage } from '../../../components/list/ListPage';
import { useListPageToast } from '../../../components/list/useListPageToast';
import { MedicareOptionsWidget } from '../components/MedicareOptionsWidget';
import { PlanTexts } from '../lib/plan-texts';

/** /medicareOptions (part 2 §2, §9): every ranked plan, 10 and 10 more per Load more; a failed fetch toasts. */
export function MedicareOptionsPage() {
  const onStatus = useListPageToast('medicare-options');
  return (
    <ListPage title={PlanTexts.title} intro={PlanTexts.pageIntro}>
      <MedicareOptionsWidget variant="page" onStatus={onStatus} />
    </ListPage>
  );
}
