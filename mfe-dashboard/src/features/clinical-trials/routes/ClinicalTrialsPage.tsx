import { useSearchParams } from 'react-router';
import { DEFAULT_TRIAL_RADIUS_MILES, parseTrialRadius } from '@healthlink/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { useListPageToast } from '../../../components/list/useListPageToast';
import { ClinicalTrialsWidget } from '../components/ClinicalTrialsWidget';
import { RadiusSelect } from '../components/RadiusSelect';
import { ClinicalTrialsTexts } from '../lib/clinical-trials-texts';

/** The URL's ?radius= as the API accepts it; a hand-edited value out of range falls back to the default. */
export function radiusFromUrl(value: string | null): number {
  const parsed = parseTrialRadius(value);
  return parsed.ok ? parsed.value : DEFAULT_TRIAL_RADIUS_MILES;
}

/**
 * /clinicalTrials?radius= (part 2 §2, §9): every matched trial, 5 and 5 more per Load more, recruiting first, with the
 * distance shown and changeable. The URL holds the distance, so Back and a shared link give the same list; a
 * failed fetch toasts as on the other list pages.
 */
export function ClinicalTrialsPage() {
  const onStatus = useListPageToast('clinical-trials');
  const [params, setParams] = useSearchParams();
  const radiusMiles = radiusFromUrl(params.get('radius'));

  function changeRadius(next: number) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_TRIAL_RADIUS_MILES) updated.delete('radius');
        else updated.set('radius', String(next));
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <ListPage title={ClinicalTrialsTexts.title} intro={ClinicalTrialsTexts.pageIntro}>
      <RadiusSelect value={radiusMiles} onChange={changeRadius} />
      {/* A new distance is a new list: it starts again from its first 5. */}
      <ClinicalTrialsWidget key={radiusMiles} variant="page" onStatus={onStatus} radiusMiles={radiusMiles} />
    </ListPage>
  );
}
