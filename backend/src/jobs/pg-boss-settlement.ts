import Manager from 'pg-boss/src/manager';

/** Which settlement failed: marking a job done, or failed (and so retried by its policy). */
export type Settlement = 'complete' | 'fail';

type SettlementMethod = (this: unknown, ...args: unknown[]) => Promise<unknown>;

const SETTLEMENTS: readonly Settlement[] = ['complete', 'fail'];
const GUARDED = Symbol.for('healthlink.pg-boss.settlement-guarded');
let report: (error: unknown, settlement: Settlement) => void = () => undefined;

/**
 * pg-boss 10's worker settles a job with `this.complete(...)` or `this.fail(...)` and does not await the promise
 * (src/manager.js, `work()`'s onFetch). When PostgreSQL cannot be reached at that moment (a restart, a failover) the
 * rejection is unhandled and Node ends the process: every member's requests to this API process fail with it. This
 * gives each settlement's promise a handler that reports the failure (`onFailure`, the latest one given) and leaves
 * the promise as it was, so a caller that awaits it (pg-boss's own stop(), for one) still sees the rejection.
 *
 * A job whose settlement was lost stays 'active': pg-boss's expiry fails it later and its retry policy runs it again,
 * as pg-boss already does for a worker that died mid-job. Throws at once if the installed pg-boss has
 * no such methods, so an upgrade that changes them is seen when the app starts, not at the next outage.
 */
export function guardJobSettlement(onFailure: (error: unknown, settlement: Settlement) => void): void {
  report = onFailure;
  // The module PgBoss itself loads (pg-boss has no exports map), so the wrapped methods are the ones its workers call.
  const manager = Manager.prototype;
  if (manager[GUARDED]) return;
  for (const settlement of SETTLEMENTS) {
    const original = manager[settlement];
    if (typeof original !== 'function')
      throw new Error(`pg-boss's Manager has no ${settlement}(): check guardJobSettlement against this version`);
    manager[settlement] = function guardedSettlement(this: unknown, ...args: unknown[]): Promise<unknown> {
      const settled = (original as SettlementMethod).apply(this, args);
      settled.catch((error: unknown) => report(error, settlement));
      return settled;
    };
  }
  manager[GUARDED] = true;
}
