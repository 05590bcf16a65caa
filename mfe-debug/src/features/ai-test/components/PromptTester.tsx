import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AI_DASHBOARD_ITEMS, type AiDashboardItemKey } from '@healthlink/contracts';
import { Button, TextAreaField, TextField } from '@healthlink/web-ui';
import { isStaffOnlyError } from '../../../components/api-failure';
import { useDashboardItemTest } from '../api/ai-calls';
import { AiTestTexts, ITEM_LABELS, TESTER_FIELD_LABELS, TESTER_FIELDS, type TesterField } from '../lib/ai-test-texts';
import { AI_TEXT_MAX_LENGTH, CODE_LIST_MAX_LENGTH } from '../lib/limits';
import {
  buildInput,
  isItemKey,
  parseCodeList,
  parseDrugLines,
  presetFor,
  requiredFieldsOf,
  testerProblem,
  type TesterValues,
} from '../lib/prompt-tester';
import type { VisitRow } from '../lib/visits';
import { CallFailure } from './CallFailure';
import type { CallProps } from './call-props';
import { SourceList } from './SourceList';

export interface PromptTesterProps extends CallProps {
  /** /open-ai/{query}: chooses the pre-population. */
  query: string | undefined;
  visits: readonly VisitRow[];
}

const codesOf = (visits: readonly VisitRow[], field: 'diagnosisCode' | 'procedureCode') =>
  [...new Set(visits.flatMap((visit) => parseCodeList(visit[field])))].join(', ');

/**
 * The prompt tester (part 2 §2, §5): instructions (required), tick boxes for drugs, diagnoses, procedures and visits
 * (at least one), drug lines "YYYY-MM-DD - NDC" (others dropped, and the page says how many), comma-separated code
 * lists; it sends aiDashboardItem with the input built from what is ticked and the instructions.
 */
export function PromptTester({ query, visits, model, onUsage, onStaffOnly }: PromptTesterProps) {
  const [values, setValues] = useState<TesterValues>(() => presetFor(query));
  const [problem, setProblem] = useState<{ field: 'instructions' | 'include'; message: string } | null>(null);
  const instructionsRef = useRef<HTMLTextAreaElement>(null);
  const firstTick = useRef<HTMLInputElement>(null);
  const id = useId();
  const call = useDashboardItemTest();

  const { dropped } = parseDrugLines(values.drugs);
  const input = useMemo(() => buildInput(values, visits), [values, visits]);
  const set = <K extends keyof TesterValues>(key: K, value: TesterValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const tick = (field: TesterField, on: boolean) => setValues((current) => ({ ...current, include: { ...current.include, [field]: on } }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (call.isPending) return;
    const found = testerProblem(values);
    setProblem(found);
    if (found) {
      (found.field === 'instructions' ? instructionsRef.current : firstTick.current)?.focus();
      return;
    }
    call.mutate(
      { itemKey: values.itemKey, input, instructions: values.instructions, requiredFields: requiredFieldsOf(values.include), model },
      { onSuccess: (response) => onUsage(response.usage), onError: (error) => isStaffOnlyError(error) && onStaffOnly() },
    );
  };

  const includeErrorId = `${id}-include-error`;
  return (
    <section className="ai-test__section" aria-labelledby="ai-test-tester">
      <h2 id="ai-test-tester">{AiTestTexts.testerTitle}</h2>
      <p>{AiTestTexts.testerIntro}</p>
      {query !== undefined && !isItemKey(query) && <p className="ai-test__note">{AiTestTexts.unknownPreset(query)}</p>}
      <nav aria-label="Prompt tester presets" className="ai-test__presets">
        <span>{AiTestTexts.presets}</span>
        <ul>
          {AI_DASHBOARD_ITEMS.map((key) => (
            <li key={key}>
              <Link to={`/open-ai/${key}`} aria-current={key === query ? 'page' : undefined}>
                {ITEM_LABELS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form onSubmit={onSubmit} noValidate aria-labelledby="ai-test-tester">
        <div className="hl-field">
          <label htmlFor={`${id}-item`} className="hl-field__label">
            {AiTestTexts.itemLabel}
          </label>
          <select
            id={`${id}-item`}
            className="hl-field__input ai-test__select"
            value={values.itemKey}
            onChange={(event) => set('itemKey', event.target.value as AiDashboardItemKey)}
          >
            {AI_DASHBOARD_ITEMS.map((key) => (
              <option key={key} value={key}>
                {ITEM_LABELS[key]} ({key})
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          ref={instructionsRef}
          label={AiTestTexts.instructionsLabel}
          value={values.instructions}
          maxLength={AI_TEXT_MAX_LENGTH}
          rows={4}
          required
          error={problem?.field === 'instructions' ? problem.message : undefined}
          onChange={(event) => set('instructions', event.target.value)}
        />
        <fieldset
          className="ai-test__ticks"
          aria-invalid={problem?.field === 'include' || undefined}
          aria-describedby={problem?.field === 'include' ? includeErrorId : undefined}
        >
          <legend>{AiTestTexts.includeLegend}</legend>
          {TESTER_FIELDS.map((field, index) => (
            <label key={field} className="ai-test__tick">
              <input
                ref={index === 0 ? firstTick : undefined}
                type="checkbox"
                checked={values.include[field]}
                aria-describedby={problem?.field === 'include' ? includeErrorId : undefined}
                onChange={(event) => tick(field, event.target.checked)}
              />
              {TESTER_FIELD_LABELS[field]}
            </label>
          ))}
          {problem?.field === 'include' && (
            <p id={includeErrorId} className="hl-field__error">
              {problem.message}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label={AiTestTexts.drugsLabel}
          hint="e.g. 2024-03-05 - 00093721401"
          value={values.drugs}
          maxLength={CODE_LIST_MAX_LENGTH}
          rows={3}
          spellCheck={false}
          onChange={(event) => set('drugs', event.target.value)}
        />
        {dropped > 0 && (
          <p className="ai-test__note" role="status">
            {AiTestTexts.droppedDrugLines(dropped)}
          </p>
        )}
        <TextField
          label={AiTestTexts.diagnosesLabel}
          hint="e.g. E11.9, I10"
          value={values.diagnoses}
          maxLength={CODE_LIST_MAX_LENGTH}
          spellCheck={false}
          onChange={(event) => set('diagnoses', event.target.value)}
        />
        <TextField
          label={AiTestTexts.proceduresLabel}
          hint="e.g. 99213, 80053"
          value={values.procedures}
          maxLength={CODE_LIST_MAX_LENGTH}
          spellCheck={false}
          onChange={(event) => set('procedures', event.target.value)}
        />
        <div className="debug-actions">
          <Button
            variant="secondary"
            onClick={() =>
              setValues((current) => ({
                ...current,
                diagnoses: codesOf(visits, 'diagnosisCode'),
                procedures: codesOf(visits, 'procedureCode'),
              }))
            }
          >
            {AiTestTexts.fillFromClaims}
          </Button>
          <Button type="submit" aria-disabled={call.isPending || undefined}>
            {call.isPending ? AiTestTexts.sending : AiTestTexts.send}
          </Button>
        </div>
        <details className="ai-test__preview">
          <summary>{AiTestTexts.inputPreview}</summary>
          <pre>{input}</pre>
        </details>
      </form>
      <div className="ai-test__result" aria-live="polite">
        {call.isError && !isStaffOnlyError(call.error) && <CallFailure error={call.error} />}
        {call.isSuccess &&
          (call.data.output.length ? (
            <ul className="ai-test__tips" aria-label="Suggestions">
              {call.data.output.map((suggestion, index) => (
                <li key={`${index}-${suggestion.title}`}>
                  <h3>{suggestion.title}</h3>
                  <p>{suggestion.details}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p>{AiTestTexts.noSuggestions}</p>
          ))}
        {call.isSuccess && <SourceList sources={call.data.sources} />}
      </div>
    </section>
  );
}
