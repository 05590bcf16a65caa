import type { AiSource } from '@healthlink/contracts';
import { AiTestTexts } from '../lib/ai-test-texts';

/** Where an answer came from: each source's name and the date of its data. */
export function SourceList({ sources }: { sources: readonly AiSource[] }) {
  if (!sources.length) return null;
  return (
    <p className="ai-test__sources">
      {AiTestTexts.sourcesLabel}:{' '}
      {sources.map((source) => `${source.name} (${source.provider}${source.asOf ? `, ${source.asOf}` : ''})`).join('; ')}
    </p>
  );
}
