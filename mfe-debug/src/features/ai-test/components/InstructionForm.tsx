import { useRef, useState, type FormEvent } from 'react';
import { Button, TextAreaField } from '@healthlink/web-ui';
import { useCompletionWithInstruction } from '../api/ai-calls';
import { isStaffOnlyError } from '../../../components/api-failure';
import { AiTestTexts } from '../lib/ai-test-texts';
import { AI_TEXT_MAX_LENGTH } from '../lib/limits';
import type { CallProps } from './call-props';
import { CompletionResult } from './CompletionResult';

/** createChatCompletionWithInstruction (part 2 §7): instructions (required), input and the model -> output text. */
export function InstructionForm({ model, onUsage, onStaffOnly }: CallProps) {
  const [instructions, setInstructions] = useState('');
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const instructionsRef = useRef<HTMLTextAreaElement>(null);
  const call = useCompletionWithInstruction();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (call.isPending) return;
    if (!instructions.trim()) {
      setProblem(AiTestTexts.instructionsRequired);
      instructionsRef.current?.focus();
      return;
    }
    setProblem(null);
    call.mutate(
      { instructions, input, model },
      { onSuccess: (response) => onUsage(response.usage), onError: (error) => isStaffOnlyError(error) && onStaffOnly() },
    );
  };

  return (
    <section className="ai-test__section" aria-labelledby="ai-test-completion">
      <h2 id="ai-test-completion">{AiTestTexts.completionTitle}</h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby="ai-test-completion">
        <TextAreaField
          ref={instructionsRef}
          label={AiTestTexts.instructionsLabel}
          value={instructions}
          maxLength={AI_TEXT_MAX_LENGTH}
          rows={3}
          required
          error={problem ?? undefined}
          onChange={(event) => setInstructions(event.target.value)}
        />
        <TextAreaField
          label={AiTestTexts.inputLabel}
          value={input}
          maxLength={AI_TEXT_MAX_LENGTH}
          rows={4}
          onChange={(event) => setInput(event.target.value)}
        />
        <Button type="submit" aria-disabled={call.isPending || undefined}>
          {call.isPending ? AiTestTexts.sending : AiTestTexts.send}
        </Button>
      </form>
      <CompletionResult call={call} />
    </section>
  );
}
