/** The longest an injected timeout or slow answer may hold a request (ten minutes). */
export const MAX_HOLD_MS = 10 * 60_000;

/** Why an admin body's `delayMs` is refused, or null when it is absent or a whole number of ms up to MAX_HOLD_MS. */
export function delayMsProblem(value: unknown): string | null {
  if (value === undefined) return null;
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_HOLD_MS
    ? null
    : `delayMs must be an integer from 0 to ${MAX_HOLD_MS}`;
}

/**
 * The requests a partner's failure switch keeps waiting (an injected timeout or slow answer). Each waits its delay, or
 * less when the server starts closing or a test turns the switch off: a held request must never keep the process (or a
 * test's Fastify instance) open, so every partner releases them all on close.
 */
export class HeldRequests {
  private readonly releases = new Set<() => void>();

  /** Waits `ms`; 'closed' when released early by releaseAll. The timer does not keep Node alive on its own. */
  hold(ms: number): Promise<'elapsed' | 'closed'> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.releases.delete(release);
        resolve('closed');
      };
      const timer = setTimeout(() => {
        this.releases.delete(release);
        resolve('elapsed');
      }, ms);
      timer.unref();
      this.releases.add(release);
    });
  }

  /** Ends every wait now (each resolves 'closed'). */
  releaseAll(): void {
    for (const release of [...this.releases]) release();
  }

  /** Requests waiting now. */
  get size(): number {
    return this.releases.size;
  }
}
