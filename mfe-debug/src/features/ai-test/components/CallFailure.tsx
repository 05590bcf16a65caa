import { FormMessage } from '@healthlink/web-ui';
import { isApiError } from '@healthlink/web-runtime';
import { AiTestTexts } from '../lib/ai-test-texts';

/**
 * A failed call: the server's reasons for a 400 (the tester's input was refused: field and message), otherwise the
 * AI failure text of part 2 §8.
 */
export function CallFailure({ error }: { error: unknown }) {
  if (isApiError(error) && error.status === 400) {
    return (
      <div role="alert" className="ai-test__failure">
        <p>Error: {error.message}</p>
        {error.fieldErrors.length > 0 && (
          <ul>
            {error.fieldErrors.map((problem, index) => (
              <li key={`${problem.field}-${index}`}>
                {problem.field}: {problem.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return <FormMessage>{AiTestTexts.failed}</FormMessage>;
}
