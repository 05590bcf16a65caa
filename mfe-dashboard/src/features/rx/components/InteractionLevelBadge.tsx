import type { InteractionLevel } from '@healthlink/contracts';
import '../../../components/badge/level-badge.css';

export const LEVEL_WORDS: Record<InteractionLevel, string> = {
  major: 'Major',
  moderate: 'Moderate',
  minor: 'Minor',
  unknown: 'Unknown',
};

/** A shape per level, so the level reads without its colour: octagon, triangle, circle, dashed circle. */
function LevelIcon({ level }: { level: InteractionLevel }) {
  const common = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinejoin: 'round' as const };
  return (
    <svg className="level-badge__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {level === 'major' && (
        <>
          <path d="M8 2h8l6 6v8l-6 6H8l-6-6V8z" {...common} />
          <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </>
      )}
      {level === 'moderate' && (
        <>
          <path d="M12 3 2 21h20z" {...common} />
          <path d="M12 10v5M12 17.5v.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </>
      )}
      {level === 'minor' && (
        <>
          <circle cx="12" cy="12" r="9.5" {...common} />
          <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </>
      )}
      {level === 'unknown' && (
        <>
          <circle cx="12" cy="12" r="9.5" {...common} strokeDasharray="3 2.5" />
          <path
            d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.4M12 17v.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </>
      )}
    </svg>
  );
}

/** The interaction's level as a word, a shape and a colour together (never the colour alone). */
export function InteractionLevelBadge({ level }: { level: InteractionLevel }) {
  return (
    <span className={`level-badge rx-level rx-level--${level}`}>
      <LevelIcon level={level} />
      <span>{LEVEL_WORDS[level]} interaction</span>
    </span>
  );
}
