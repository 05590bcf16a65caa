import { useId } from 'react';
import type { AiDataList, DefineMedCodeResponse, MedCodeType, MedicalCodeEntry } from '@healthlink/contracts';
import { Button } from '@healthlink/web-ui';
import { ClientErrorType } from '@healthlink/web-runtime';
import { WidgetLoading } from '../../../components/widget/WidgetState';
import { useReportFailure } from '../../../components/widget/widget-status';
import { DEFINE_MED_CODE_URL, useCodeDefinitions } from '../api/define-med-code';
import { sourceLine } from '../../../components/source-line/source-line';
import { AiDashboardTexts } from '../lib/ai-dashboard-texts';
import { CodeRow } from './CodeRow';

const FAILURE_REPORT = {
  types: { error: ClientErrorType.OpenAiMedicalCodeError, exception: ClientErrorType.OpenAiMedicalCodeException },
  endpoint: DEFINE_MED_CODE_URL,
};

/** Skeleton rows while a group loads: as many as it will show, up to what fits its scroll height. */
const MAX_SKELETON_ROWS = 4;

/** Where a group's definitions stand: the one-call read is pending, failed as a whole, or answered. */
export type GroupDefinitions =
  { status: 'loading' } | { status: 'failed'; onRetry: () => void } | { status: 'ready'; entries: readonly MedicalCodeEntry[] };

export interface CodeGroupProps {
  list: AiDataList;
  codeType: MedCodeType;
  title: string;
  empty: string;
  /** The group's codes from the member's lists (its heading and the skeleton's size until the definitions arrive). */
  entries: readonly MedicalCodeEntry[];
  definitions: GroupDefinitions;
}

/**
 * One group of Your Medical Data (part 2 §4, §9): a skeleton until the definitions arrive; a code the server could
 * not define is left out (with a count and Try again, which asks defineMedCode for those codes alone); the list
 * scrolls at 250px and its scroll region takes keyboard focus, so arrow keys reach every row.
 */
export function CodeGroup({ codeType, title, empty, entries: listed, definitions }: CodeGroupProps) {
  const headingId = useId();
  const entries = definitions.status === 'ready' ? definitions.entries : listed;
  const undefinedCodes = definitions.status === 'ready' ? entries.filter((entry) => !entry.definition).map((entry) => entry.code) : [];
  const fallback = useCodeDefinitions(codeType, undefinedCodes);
  const fallbackByCode = new Map(undefinedCodes.map((code, index) => [code, fallback[index]]));
  const stillFailed = fallback.filter((result) => result.data === undefined);
  useReportFailure(fallback.find((result) => result.isError)?.error ?? null, FAILURE_REPORT);
  const retrying = stillFailed.some((result) => result.isFetching);

  const rows = entries.flatMap((entry) => {
    const definition: DefineMedCodeResponse | undefined = entry.definition ?? fallbackByCode.get(entry.code)?.data;
    return definition ? [{ entry, definition }] : [];
  });
  const failedCount = definitions.status === 'failed' ? entries.length : stillFailed.length;
  const source = sourceLine(rows.map((row) => row.definition.source));
  const retry = () => {
    if (definitions.status === 'failed') definitions.onRetry();
    else if (!retrying) stillFailed.forEach((result) => void result.refetch());
  };

  let body;
  if (!entries.length) body = <p className="ai-group__empty">{empty}</p>;
  else if (definitions.status === 'loading')
    body = <WidgetLoading title={`${title} definitions`} rows={Math.min(entries.length, MAX_SKELETON_ROWS)} />;
  else
    body = (
      <>
        {rows.length > 0 && (
          <div className="ai-group__scroll" role="region" aria-label={`${title} codes`} tabIndex={0}>
            <ul className="ai-group__list">
              {rows.map(({ entry, definition }) => (
                <CodeRow key={entry.code} entry={entry} definition={definition} />
              ))}
            </ul>
          </div>
        )}
        {failedCount > 0 && (
          <div className="ai-group__failed">
            <p>{rows.length ? AiDashboardTexts.someNotDefined(failedCount) : AiDashboardTexts.noneDefined}</p>
            <Button variant="secondary" aria-disabled={retrying || undefined} onClick={retry}>
              {retrying ? 'Trying again…' : 'Try again'}
              <span className="hl-visually-hidden"> {title.toLowerCase()}</span>
            </Button>
          </div>
        )}
        {source && <p className="ai-source">{source}</p>}
      </>
    );

  return (
    <section className="ai-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="ai-group__title">
        {title} <span className="ai-group__count">({entries.length})</span>
      </h3>
      {body}
    </section>
  );
}
