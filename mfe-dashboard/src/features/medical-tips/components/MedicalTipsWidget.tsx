import { Link } from 'react-router';
import type { MedicalTipsResponse } from '@healthlink/contracts';
import { buttonClassName } from '@healthlink/web-ui';
import { ClientErrorType } from '@healthlink/web-runtime';
import { INSURANCE_SELECT_PATH, WidgetState } from '../../../components/widget/WidgetState';
import { loadStateOf, useReportFailure, useReportStatus } from '../../../components/widget/widget-status';
import type { WidgetProps } from '../../../components/widget/widget-types';
import { MEDICAL_TIPS_URL, useMedicalTips } from '../api/get-medical-tips';
import { sourceLine } from '../../../components/source-line/source-line';
import { MedicalTipsTexts } from '../lib/medical-tips-texts';
import './medical-tips.css';

const FAILURE_REPORT = {
  types: { error: ClientErrorType.MedicalTipsFetchError, exception: ClientErrorType.MedicalTipsFetchException },
  endpoint: MEDICAL_TIPS_URL,
};

/** A member without claims (or without a diagnosis the tips know) gets no tips: the server answers an empty list. */
const hasNoTips = (response: MedicalTipsResponse) => response.normalizedResponse.tips.length === 0;

/** No tips: the server's intro says why (no diagnoses yet, or none it has a topic for); ours when it gives none. */
function TipsMissing({ why }: { why: string | undefined }) {
  return (
    <div className="widget-empty">
      <p className="widget-empty__title">{MedicalTipsTexts.missingTitle}</p>
      <p>{why?.trim() || MedicalTipsTexts.missingWhy}</p>
      <p>{MedicalTipsTexts.missingAction}</p>
      <Link to={INSURANCE_SELECT_PATH} className={buttonClassName('primary')}>
        Link Insurance Company
      </Link>
    </div>
  );
}

function Tips({ response }: { response: MedicalTipsResponse }) {
  const { intro, tips, outro } = response.normalizedResponse;
  const source = sourceLine(response.sources);
  return (
    <>
      {intro && <p>{intro}</p>}
      <ul className="tips__list" aria-label="Medical tips">
        {tips.map((tip, index) => (
          <li key={`${index}-${tip.title}`} className="tips__item">
            <h3>{tip.title}</h3>
            <p>{tip.description}</p>
          </li>
        ))}
      </ul>
      {outro && <p>{outro}</p>}
      {source && <p className="tips__source">{source}</p>}
      <p className="tips__note">{MedicalTipsTexts.notAdvice}</p>
    </>
  );
}

/**
 * The dashboard's Medical Tips section (part 2 §1, §3, §4): intro, tips (title and description), outro and where
 * they came from, written from the member's own claims. Its fetch status goes to `onStatus` (the dashboard's
 * `medicalTips`); no claims is the missing state (a success), a failure is logged once.
 */
export function MedicalTipsWidget({ onStatus }: WidgetProps) {
  const query = useMedicalTips();
  const loaded = loadStateOf(query, hasNoTips);
  // Trying again after a failure shows loading again (the query keeps its error status until it answers).
  const state = loaded === 'failed' && query.isFetching ? 'loading' : loaded;
  useReportStatus(state, onStatus);
  useReportFailure(query.error, FAILURE_REPORT);
  return (
    <div className="tips">
      <WidgetState
        state={state}
        title={MedicalTipsTexts.title}
        failedMessage={MedicalTipsTexts.failed}
        missing={<TipsMissing why={query.data?.normalizedResponse.intro} />}
        onRetry={() => void query.refetch()}
      >
        {() => (query.data ? <Tips response={query.data} /> : null)}
      </WidgetState>
    </div>
  );
}
