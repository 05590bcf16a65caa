import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class RateLimitsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts a hit in the key's fixed window (one atomic upsert, so it holds across API processes);
   * answers the hits in the window and when it ends.
   */
  async hit(key: string, windowSeconds: number): Promise<{ hits: number; resetAt: Date }> {
    const rows: { hits: number; window_started_at: Date }[] = await this.dataSource.query(
      `INSERT INTO rate_limits (key, window_started_at, hits) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.hits + 1 END,
         window_started_at = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_started_at END
       RETURNING hits, window_started_at`,
      [key, windowSeconds],
    );
    const row = rows[0];
    return { hits: row.hits, resetAt: new Date(new Date(row.window_started_at).getTime() + windowSeconds * 1000) };
  }

  /**
   * Adds several keys' hits at once (WriteBehindCounters' flush): one upsert per window length, each key's window
   * started afresh when it had ended; answers every key's count in its window and when that ends.
   */
  async addHits(
    counts: readonly { key: string; windowSeconds: number; hits: number }[],
  ): Promise<{ key: string; hits: number; resetAt: Date }[]> {
    const byWindow = new Map<number, { key: string; hits: number }[]>();
    for (const count of counts) byWindow.set(count.windowSeconds, [...(byWindow.get(count.windowSeconds) ?? []), count]);
    const added: { key: string; hits: number; resetAt: Date }[] = [];
    for (const [windowSeconds, group] of byWindow) {
      const rows: { key: string; hits: number; window_started_at: Date }[] = await this.dataSource.query(
        `INSERT INTO rate_limits (key, window_started_at, hits)
         SELECT key, now(), hits FROM unnest($1::text[], $2::int[]) AS input (key, hits)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => $3) THEN EXCLUDED.hits ELSE rate_limits.hits + EXCLUDED.hits END,
           window_started_at = CASE WHEN rate_limits.window_started_at <= now() - make_interval(secs => $3) THEN now() ELSE rate_limits.window_started_at END
         RETURNING key, hits, window_started_at`,
        [group.map((count) => count.key), group.map((count) => count.hits), windowSeconds],
      );
      for (const row of rows) {
        added.push({ key: row.key, hits: row.hits, resetAt: new Date(new Date(row.window_started_at).getTime() + windowSeconds * 1000) });
      }
    }
    return added;
  }

  /** Hits so far in the key's current window, without counting one. */
  async peek(key: string, windowSeconds: number): Promise<{ hits: number; resetAt: Date } | null> {
    const rows: { hits: number; window_started_at: Date }[] = await this.dataSource.query(
      `SELECT hits, window_started_at FROM rate_limits WHERE key = $1 AND window_started_at > now() - make_interval(secs => $2)`,
      [key, windowSeconds],
    );
    const row = rows[0];
    return row ? { hits: row.hits, resetAt: new Date(new Date(row.window_started_at).getTime() + windowSeconds * 1000) } : null;
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
  }

  /** Deletes counters whose window started more than `seconds` ago; answers how many. */
  async deleteOlderThan(seconds: number): Promise<number> {
    const [, deleted]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM rate_limits WHERE window_started_at < now() - make_interval(secs => $1)`,
      [seconds],
    );
    return deleted;
  }
}
