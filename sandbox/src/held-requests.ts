/** The longest an injected timeout or slow answer may hold a request (ten minutes). */
export const MAX_HOLD_MS = 10 * 60_000;

/** Why an admin body's `delayMs` is refused, or null when it is absent or a whole number of ms up to MAX_HOLD_MS. */
export function delayMsProblem(value: unknown): string | null {
  if (value === undefined) return null;
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_HOLD_MS
    ? null
    : `delayMs must be an integer from 0 to ${MAX_HOLD_MS}`;
}

/** A held request's default length: an injected timeout outlasts any client's; a slow answer is felt, not fatal. */
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_SLOW_MS = 2_000;

/** A partner's fault switch as its admin API sets it: the kind, how many requests it hits (null: until off), the hold. */
export interface FaultSwitch<K extends string> {
  kind: K;
  remaining: number | null;
  delayMs: number;
}

/**
 * An admin body `{ kind, times?, delayMs? }` for a partner whose faults are `kinds` (a `timeout` or `slow` kind holds
 * the request; the others answer at once unless delayMs says): the switch, or why it is refused.
 */
export function parseFaultSwitch<K extends string>(
  body: unknown,
  kinds: readonly K[],
): { ok: true; fault: FaultSwitch<K> } | { ok: false; message: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'The body must be a JSON object' };
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).filter((k) => !['kind', 'times', 'delayMs'].includes(k));
  if (unknown.length) return { ok: false, message: `Unknown field(s): ${unknown.join(', ')}` };
  if (typeof b.kind !== 'string' || !(kinds as readonly string[]).includes(b.kind))
    return { ok: false, message: `kind must be one of ${kinds.join(', ')}` };
  if (b.times !== undefined && !(Number.isInteger(b.times) && (b.times as number) >= 1))
    return { ok: false, message: 'times must be a positive integer' };
  const delayProblem = delayMsProblem(b.delayMs);
  if (delayProblem) return { ok: false, message: delayProblem };
  const kind = b.kind as K;
  return {
    ok: true,
    fault: {
      kind,
      remaining: (b.times as number | undefined) ?? null,
      delayMs: (b.delayMs as number | undefined) ?? (kind === 'timeout' ? DEFAULT_TIMEOUT_MS : kind === 'slow' ? DEFAULT_SLOW_MS : 0),
    },
  };
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
