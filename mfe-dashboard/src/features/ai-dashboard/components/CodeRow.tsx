import { useId, useState } from 'react';
import type { DefineMedCodeResponse, MedicalCodeEntry } from '@healthlink/contracts';
import { formatDate } from '../../../components/date/format-date';
import { AiDashboardTexts } from '../lib/ai-dashboard-texts';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg className="ai-code__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={open ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * One code of Your Medical Data (part 2 §4, §9): a disclosure whose button reads the code and its plain words (at
 * most 5), opening the explanation (at most 2 sentences), the official name and when it was last on the member's
 * records. An unknown code shows the server's words as they came: nothing is made up here.
 */
export function CodeRow({ entry, definition }: { entry: MedicalCodeEntry; definition: DefineMedCodeResponse }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const label = definition.known ? definition.term || definition.output : entry.display || entry.code;
  return (
    <li className="ai-code" data-expanded={open || undefined}>
      <button
        type="button"
        className="ai-code__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="ai-code__code">{entry.code}</span> <span className="ai-code__term">{label}</span>
        <Chevron open={open} />
      </button>
      <div id={panelId} className="ai-code__panel" hidden={!open}>
        {definition.known ? (
          <>
            <p>{definition.explanation || definition.output}</p>
            {definition.officialName && (
              <p>
                <span className="ai-code__label">{AiDashboardTexts.officialName}:</span> {definition.officialName}
              </p>
            )}
          </>
        ) : (
          <p>{definition.output}</p>
        )}
        {entry.lastSeen && <p className="ai-code__seen">{AiDashboardTexts.lastOnClaims(formatDate(entry.lastSeen))}</p>}
      </div>
    </li>
  );
}
