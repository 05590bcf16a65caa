import { Button } from '@healthlink/web-ui';
import { isStaffOnlyError } from '../../../components/api-failure';
import { useMedicalTipsTest } from '../api/ai-calls';
import { AiTestTexts } from '../lib/ai-test-texts';
import { CallFailure } from './CallFailure';
import { SourceList } from './SourceList';

/** The AI tips button (part 2 §2): POST medicalTips for the staff member's own claims, shown as a member sees them. */
export function TipsPanel({ onStaffOnly }: { onStaffOnly: () => void }) {
  const call = useMedicalTipsTest();
  const tips = call.data?.normalizedResponse;
  return (
    <section className="ai-test__section" aria-labelledby="ai-test-tips">
      <h2 id="ai-test-tips">{AiTestTexts.tipsTitle}</h2>
      <p>{AiTestTexts.tipsIntro}</p>
      <Button
        aria-disabled={call.isPending || undefined}
        onClick={() => {
          if (!call.isPending) call.mutate(undefined, { onError: (error) => isStaffOnlyError(error) && onStaffOnly() });
        }}
      >
        {call.isPending ? AiTestTexts.sending : AiTestTexts.getTips}
      </Button>
      <div className="ai-test__result" aria-live="polite">
        {call.isError && !isStaffOnlyError(call.error) && <CallFailure error={call.error} />}
        {call.isSuccess && tips && (
          <>
            {tips.intro && <p>{tips.intro}</p>}
            {tips.tips.length ? (
              <ul className="ai-test__tips" aria-label="AI tips">
                {tips.tips.map((tip, index) => (
                  <li key={`${index}-${tip.title}`}>
                    <h3>{tip.title}</h3>
                    <p>{tip.description}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{AiTestTexts.noTips}</p>
            )}
            {tips.outro && <p>{tips.outro}</p>}
            <SourceList sources={call.data.sources} />
          </>
        )}
      </div>
    </section>
  );
}
