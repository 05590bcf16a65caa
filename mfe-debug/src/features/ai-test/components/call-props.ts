import type { AiModel, AiUsage } from '@healthlink/contracts';

/** What each form of the page is given: the chosen model, and where a call's usage and refusal go. */
export interface CallProps {
  model: AiModel;
  onUsage: (usage: AiUsage) => void;
  /** A call answered 403 AUTH.STAFF_ONLY: the role was revoked since the page loaded. */
  onStaffOnly: () => void;
}
