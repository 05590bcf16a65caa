import { Link } from 'react-router';
import type { ClinicalTrialsMissing } from '@healthlink/contracts';
import { buttonClassName } from '@healthlink/web-ui';
import { WidgetMissing } from '../../../components/widget/WidgetState';
import { ClinicalTrialsTexts } from '../lib/clinical-trials-texts';

export const PROFILE_PATH = '/userProfile';

/**
 * `missing` (part 2 §4): "No Clinical Trials found" with the way to add what is missing. Without diagnoses (or when
 * the server gives no reason) that is the spec's own view: link a provider. Without a usable ZIP code, linking an
 * insurer would not help, so the member is sent to the profile to add or correct it; without both, both ways.
 */
export function TrialsMissing({ missing }: { missing: ClinicalTrialsMissing | null }) {
  const reason = missing?.reason ?? 'no-diagnoses';
  if (reason === 'no-diagnoses') return <WidgetMissing title={ClinicalTrialsTexts.title} />;
  if (reason === 'no-zip-and-diagnoses') {
    return (
      <div className="trials-missing">
        <WidgetMissing title={ClinicalTrialsTexts.title} />
        <p>{ClinicalTrialsTexts.missingZip}</p>
        <Link to={PROFILE_PATH} className={buttonClassName('secondary')}>
          Add your ZIP code
        </Link>
      </div>
    );
  }
  const unknownZip = reason === 'unknown-zip';
  return (
    <div className="widget-empty">
      <p className="widget-empty__title">No {ClinicalTrialsTexts.title} found</p>
      <p>{missing?.message || (unknownZip ? ClinicalTrialsTexts.missingUnknownZip : ClinicalTrialsTexts.missingZip)}</p>
      <Link to={PROFILE_PATH} className={buttonClassName('primary')}>
        {unknownZip ? 'Check your ZIP code' : 'Add your ZIP code'}
      </Link>
    </div>
  );
}
