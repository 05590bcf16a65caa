import { useId } from 'react';
import { AI_MODEL_PRICES, AI_MODELS, isAiModel, type AiModel, type AiUsage } from '@healthlink/contracts';
import { AiTestTexts } from '../lib/ai-test-texts';

/** US dollars per token as the price table writes them (0.000005), never in exponent form. */
export const perToken = (price: number): string => `$${price.toFixed(6).replace(/0+$/, '').replace(/\.$/, '.0')}`;

/** A call's cost in dollars: cents for whole amounts, up to 6 decimals for the small ones. */
export const formatCost = (dollars: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    dollars,
  );

export const modelOption = (model: AiModel): string =>
  `${model} (${perToken(AI_MODEL_PRICES[model].input)} / ${perToken(AI_MODEL_PRICES[model].output)} per token)`;

/** The model every call of the page uses, with its per-token prices (part 2 §9). */
export function ModelPicker({ model, onChange }: { model: AiModel; onChange: (model: AiModel) => void }) {
  const id = useId();
  return (
    <div className="hl-field">
      <label htmlFor={id} className="hl-field__label">
        {AiTestTexts.modelLabel}
      </label>
      <p id={`${id}-hint`} className="hl-field__hint">
        {AiTestTexts.modelHint}
      </p>
      <select
        id={id}
        className="hl-field__input ai-test__select"
        aria-describedby={`${id}-hint`}
        value={model}
        onChange={(event) => {
          if (isAiModel(event.target.value)) onChange(event.target.value);
        }}
      >
        {AI_MODELS.map((option) => (
          <option key={option} value={option}>
            {modelOption(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The usage of the last call (part 2 §3: input, output and total tokens) and its cost at its model's prices. */
export function UsagePanel({ usage }: { usage: AiUsage | null }) {
  return (
    <section className="ai-test__usage" aria-labelledby="ai-test-usage-heading">
      <h2 id="ai-test-usage-heading">{AiTestTexts.lastCall}</h2>
      {usage ? (
        <dl>
          <div>
            <dt>Model</dt>
            <dd>{usage.model}</dd>
          </div>
          <div>
            <dt>Input tokens</dt>
            <dd>{usage.input_tokens.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Output tokens</dt>
            <dd>{usage.output_tokens.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Total tokens</dt>
            <dd>{usage.total_tokens.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Cost</dt>
            <dd>{formatCost(usage.cost)}</dd>
          </div>
        </dl>
      ) : (
        <p>{AiTestTexts.noCallYet}</p>
      )}
    </section>
  );
}
