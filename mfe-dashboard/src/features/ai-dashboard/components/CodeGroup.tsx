import { useId } from 'react';
import type { AiDataList, MedCodeType, MedicalCodeEntry } from '@healthlink/contracts';
import { Button } from '@healthlink/web-ui';
import { ClientErrorType } from '@healthlink/web-runtime';
import { WidgetLoading } from '../../../components/widget/WidgetState';
import { useReportFailure } from '../../../components/widget/widget-status';
import { DEFINE_MED_CODE_URL, useCodeDefinitions } from '../api/define-med-code';
import { AiDashboardTexts, sourceLine } from '../lib/ai-dashboard-texts';
import { CodeRow } from './CodeRow';

const FAILURE_REPORT = {
  types: { error: ClientErrorType.OpenAiMedicalCodeError, exception: ClientErrorType.OpenAiMedicalCodeException },
  endpoint: DEFINE_MED_CODE_URL,
};

/** Skeleton rows while a group loads: as many as it will show, up to what fits its scroll height. */
const MAX_SKELETON_ROWS = 4;

export interface CodeGroupProps {
  list: AiDataList;
  codeType: MedCodeType;
  title: string;
  empty: string;
  entries: readonly MedicalCodeEntry[];
}

/**
 * One group of Your Medical Data (part 2 §4, §9): its codes' definitions load together behind a skeleton; a code
 * whose definition failed is left out (with a count and Try again); the list scrolls at 250px and its scroll
 * region takes keyboard focus, so arrow keys reach every row.
 */
export function CodeGroup({ codeType, title, empty, entries }: CodeGroupProps) {
  const headingId = useId();
  const results = useCodeDefinitions(
    codeType,
    entries.map((entry) => entry.code),
  );
  const failed = results.filter((result) => result.isError && result.data === undefined);
  useReportFailure(failed[0]?.error ?? null, FAILURE_REPORT);
  const loading = results.some((result) => result.isPending);
  const retrying = failed.some((result) => result.isFetching);
  const rows = entries.flatMap((entry, index) => {
    const definition = results[index]?.data;
    return definition ? [{ entry, definition }] : [];
  });
  const source = sourceLine(rows.map((row) => row.definition.source));

  let body;
  if (!entries.length) body = <p className="ai-group__empty">{empty}</p>;
  else if (loading) body = <WidgetLoading title={`${title} definitions`} rows={Math.min(entries.length, MAX_SKELETON_ROWS)} />;
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
        {failed.length > 0 && (
          <div className="ai-group__failed">
            <p>{rows.length ? AiDashboardTexts.someNotDefined(failed.length) : AiDashboardTexts.noneDefined}</p>
            <Button
              variant="secondary"
              aria-disabled={retrying || undefined}
              onClick={() => {
                if (!retrying) failed.forEach((result) => void result.refetch());
              }}
            >
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
