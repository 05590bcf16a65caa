import userEvent, { type UserEvent } from '@testing-library/user-event';

export type { UserEvent };

const fakeTimersOn = () => 'clock' in setTimeout;

/** A user-event session; under fake timers it moves the fake clock for its own pauses. */
export function setupUser(): UserEvent {
  return userEvent.setup({ advanceTimers: (ms) => (fakeTimersOn() ? jest.advanceTimersByTime(ms) : undefined) });
}

/** Replaces a field's text as a person would: clear it, then type (user-event's `{` and `[` escaped). */
export async function replaceText(user: UserEvent, field: Element, text: string): Promise<void> {
  await user.clear(field);
  if (text) await user.type(field, text.replace(/[{[]/g, '$&$&'));
}
