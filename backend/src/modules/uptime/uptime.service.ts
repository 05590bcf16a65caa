import {
  INSURER_CATALOGUE,
  UPTIME_HISTORY_DAYS,
  UPTIME_INTERVAL_MINUTES,
  type UptimeHistoryEntry,
  type UptimeHistoryResponse,
  type UptimeResult,
  type UptimeStatus,
} from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import { addressSubject, RateLimiter, type RateLimitRule } from '../auth';
import { checkInsurer, type CheckedInsurer, type UptimeTarget } from './insurer-uptime-checker';
import { UptimeRepository, type UptimeDay } from './uptime.repository';
import { uptimeTargets } from './uptime-targets';

export const INSURER_UPTIME_QUEUE = 'insurer-uptime-check';
/** Every UPTIME_INTERVAL_MINUTES (5), UTC: one job for the cluster. */
export const INSURER_UPTIME_CRON = `*/${UPTIME_INTERVAL_MINUTES} * * * *`;

/** One insurer's whole check (metadata, discovery, token endpoint) ends within this. */
export const UPTIME_CHECK_TIMEOUT_MS = 5_000;
/** A burst of anonymous calls within this runs one check (the answer would be the same anyway). */
export const UPTIME_CACHE_MS = 30_000;
/**
 * The check is open to anyone: per address, a person presses Run a few times a minute at most. Written behind (no
 * database write per call): the limit guards load on the insurers and on us, not an account.
 */
export const UPTIME_CHECK_LIMIT: RateLimitRule = { name: 'uptime-check-ip', max: 20, windowSeconds: 10 * 60, writeBehind: true };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The insurer uptime check (spec part 2 §2-§4, §7-§9; issue 19 point 4): on demand, scheduled, and its history. */
@Injectable()
export class UptimeService {
  private readonly logger = new Logger(UptimeService.name);
  private readonly targets: UptimeTarget[];
  private cached: { at: number; results: Promise<CheckedInsurer[]> } | null = null;

  constructor(
    private readonly repository: UptimeRepository,
    private readonly limiter: RateLimiter,
    config: ConfigService<AppConfig, true>,
  ) {
    this.targets = uptimeTargets(config.get('insurers', { infer: true }).endpoints);
  }

  /**
   * GET /api/upTimeCheck/insurerUptimeCheck: every insurer, checked at most once per UPTIME_CACHE_MS in this process
   * however many callers ask (a caller during a running check waits for that one).
   */
  async check(ip: string | null): Promise<UptimeResult[]> {
    await this.limiter.consume(UPTIME_CHECK_LIMIT, addressSubject(ip));
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= UPTIME_CACHE_MS) {
      const results = this.checkAll();
      this.cached = { at: now, results };
      // A failure is not kept: the next caller tries again (checkAll is not expected to fail).
      results.catch(() => {
        if (this.cached?.results === results) this.cached = null;
      });
    }
    return (await this.cached.results).map((checked) => checked.result);
  }

  /** The scheduled run (pg-boss cron): every insurer checked and stored at `tick`, then runs past the window pruned. */
  async runScheduled(tick: Date): Promise<void> {
    const checked = await this.checkAll();
    await this.repository.insertRun(
      tick,
      checked.map(({ id, result }) => ({
        insurer: id,
        status: result.status,
        responseTimeMs: result.responseTime,
        message: result.message,
      })),
    );
    const pruned = await this.repository.deleteOlderThan(new Date(Date.now() - UPTIME_HISTORY_DAYS * DAY_MS));
    const counts: Partial<Record<UptimeStatus, number>> = {};
    for (const { result } of checked) counts[result.status] = (counts[result.status] ?? 0) + 1;
    this.logger.log({ counts, pruned }, 'insurer uptime run stored');
  }

  /** GET /api/upTimeCheck/history (staff): each insurer's days of the last UPTIME_HISTORY_DAYS, in catalogue order. */
  async history(): Promise<UptimeHistoryResponse> {
    const days = await this.repository.daysSince(new Date(Date.now() - UPTIME_HISTORY_DAYS * DAY_MS));
    const byInsurer = new Map<string, UptimeDay[]>();
    for (const day of days) byInsurer.set(day.insurer, [...(byInsurer.get(day.insurer) ?? []), day]);
    const names = new Map(INSURER_CATALOGUE.map((entry) => [entry.id, entry.name]));
    const known = this.targets.map((target) => target.id);
    // Insurers no longer checked keep their history until it ages out, after the current ones.
    const ids = [...known, ...[...byInsurer.keys()].filter((id) => !known.includes(id)).sort()];
    const insurers: UptimeHistoryEntry[] = ids.map((id) => historyEntry(names.get(id) ?? id, byInsurer.get(id) ?? []));
    return { days: UPTIME_HISTORY_DAYS, intervalMinutes: UPTIME_INTERVAL_MINUTES, insurers };
  }

  private checkAll(): Promise<CheckedInsurer[]> {
    return Promise.all(this.targets.map((target) => checkInsurer(target, { timeoutMs: UPTIME_CHECK_TIMEOUT_MS })));
  }
}

/** The uptime is the share of testable runs that passed; a day's status as UptimeSample describes it. */
export function historyEntry(insurer: string, days: UptimeDay[]): UptimeHistoryEntry {
  let testable = 0;
  let passed = 0;
  const samples = days.map((day) => {
    testable += day.checks - day.untestable;
    passed += day.passed;
    const status: UptimeStatus = day.lastFailure ?? (day.untestable === day.checks ? 'UNTESTABLE' : 'PASS');
    return {
      checkedAt: day.day.toISOString(),
      status,
      responseTime: day.medianResponseTimeMs,
      checks: day.checks,
      passed: day.passed,
    };
  });
  return { insurer, uptime: testable ? passed / testable : null, samples };
}
