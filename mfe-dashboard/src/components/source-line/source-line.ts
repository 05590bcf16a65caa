import type { AiSource } from '@healthlink/contracts';
import { formatDate } from '../date/format-date';

/**
 * The line under an AI-written section naming what it was written from: "Source: ICD-10-CM FY2026, as of Oct 1,
 * 2025", several joined with semicolons (each once); null when none is named.
 */
export function sourceLine(sources: readonly AiSource[]): string | null {
  const parts = [
    ...new Set(
      sources
        .filter((source) => source.name.trim() !== '')
        .map((source) => (source.asOf ? `${source.name}, as of ${formatDate(source.asOf)}` : source.name)),
    ),
  ];
  if (!parts.length) return null;
  return `${parts.length === 1 ? 'Source' : 'Sources'}: ${parts.join('; ')}`;
}
