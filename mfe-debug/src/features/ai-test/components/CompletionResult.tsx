import type { ChatCompletionResponse } from '@healthlink/contracts';
import { isStaffOnlyError } from '../../../components/api-failure';
import { AiTestTexts } from '../lib/ai-test-texts';
import { CallFailure } from './CallFailure';
import { SourceList } from './SourceList';

/** What a completion call gave: its failure (the staff-only refusal is the page's), or the output and its sources. */
export function CompletionResult({ call }: { call: { isError: boolean; error: unknown; data: ChatCompletionResponse | undefined } }) {
  return (
    <div className="ai-test__result" aria-live="polite">
      {call.isError && !isStaffOnlyError(call.error) && <CallFailure error={call.error} />}
      {call.data && (
        <>
          <h3>{AiTestTexts.output}</h3>
          <p className="ai-test__output">{call.data.output}</p>
          <SourceList sources={call.data.sources} />
        </>
      )}
    </div>
  );
}
