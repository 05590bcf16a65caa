import { useRef, useState, type FormEvent } from 'react';
import type { ChatMessage } from '@healthlink/contracts';
import { Button, FormMessage, TextAreaField } from '@healthlink/web-ui';
import { useChatCompletion } from '../api/ai-calls';
import { isStaffOnlyError } from '../../../components/api-failure';
import { AiTestTexts } from '../lib/ai-test-texts';
import { AI_MAX_MESSAGES, AI_TEXT_MAX_LENGTH } from '../lib/limits';
import type { CallProps } from './call-props';
import { CompletionResult } from './CompletionResult';

const ROLES: readonly ChatMessage['role'][] = ['system', 'user', 'assistant'];

interface Row extends ChatMessage {
  key: number;
}

/** createChatCompletion (part 2 §7): messages (role and content) and the model -> the completion. */
export function ChatForm({ model, onUsage, onStaffOnly }: CallProps) {
  const nextKey = useRef(2);
  const [rows, setRows] = useState<Row[]>([
    { key: 0, role: 'system', content: '' },
    { key: 1, role: 'user', content: '' },
  ]);
  const [problem, setProblem] = useState<string | null>(null);
  const firstContent = useRef<HTMLTextAreaElement>(null);
  const call = useChatCompletion();

  const update = (key: number, change: Partial<ChatMessage>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (call.isPending) return;
    const messages = rows.filter((row) => row.content.trim()).map(({ role, content }) => ({ role, content }));
    if (!messages.length) {
      setProblem(AiTestTexts.messagesRequired);
      firstContent.current?.focus();
      return;
    }
    setProblem(null);
    call.mutate(
      { messages, model },
      { onSuccess: (response) => onUsage(response.usage), onError: (error) => isStaffOnlyError(error) && onStaffOnly() },
    );
  };

  return (
    <section className="ai-test__section" aria-labelledby="ai-test-chat">
      <h2 id="ai-test-chat">{AiTestTexts.chatTitle}</h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby="ai-test-chat">
        <ol className="ai-test__messages">
          {rows.map((row, index) => (
            <li key={row.key} className="ai-test__message">
              <div className="hl-field">
                <label htmlFor={`ai-chat-role-${row.key}`} className="hl-field__label">
                  {AiTestTexts.roleLabel(index)}
                </label>
                <select
                  id={`ai-chat-role-${row.key}`}
                  className="hl-field__input ai-test__select"
                  value={row.role}
                  onChange={(event) => update(row.key, { role: event.target.value as ChatMessage['role'] })}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              </div>
              <TextAreaField
                ref={index === 0 ? firstContent : undefined}
                label={AiTestTexts.messageLabel(index)}
                value={row.content}
                maxLength={AI_TEXT_MAX_LENGTH}
                rows={2}
                invalid={!!problem && index === 0}
                aria-describedby={problem && index === 0 ? 'ai-chat-problem' : undefined}
                onChange={(event) => update(row.key, { content: event.target.value })}
              />
              {rows.length > 1 && (
                <Button variant="ghost" onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
                  {AiTestTexts.removeMessage(index)}
                </Button>
              )}
            </li>
          ))}
        </ol>
        <FormMessage id="ai-chat-problem">{problem}</FormMessage>
        <div className="debug-actions">
          {rows.length < AI_MAX_MESSAGES && (
            <Button
              variant="secondary"
              onClick={() => {
                const key = nextKey.current++;
                setRows((current) => [...current, { key, role: 'user', content: '' }]);
              }}
            >
              {AiTestTexts.addMessage}
            </Button>
          )}
          <Button type="submit" aria-disabled={call.isPending || undefined}>
            {call.isPending ? AiTestTexts.sending : AiTestTexts.send}
          </Button>
        </div>
      </form>
      <CompletionResult call={call} />
    </section>
  );
}
