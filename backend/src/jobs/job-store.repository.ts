import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config';

/** SQL on pg-boss's own tables, for what pg-boss has no call for. */
@Injectable()
export class JobStoreRepository {
  constructor(private readonly config: ConfigService<AppConfig, true>) {}

  /**
   * Deletes every job, waiting, running or finished, in pg-boss's live and archive tables whose data names the
   * user (their id anywhere in it, or their e-mail as a value) or whose output (a failure's message) does; the
   * e-mail inside a message only for finished jobs, so that no one else's pending mail is lost to a longer address
   * containing it. Answers how many went.
   */
  async deleteNaming(subject: { userId: string; email: string }, manager: EntityManager): Promise<number> {
    const { schema } = this.config.get('jobs', { infer: true });
    const naming = `strpos(data::text, $1) > 0 OR strpos(lower(data::text), '"' || $2 || '"') > 0
      OR strpos(coalesce(output::text, ''), $1) > 0
      OR (state > 'active' AND strpos(lower(coalesce(output::text, '')), $2) > 0)`;
    let deleted = 0;
    for (const table of ['job', 'archive']) {
      const [, affected]: [unknown, number] = await manager.query(`DELETE FROM "${schema}"."${table}" WHERE ${naming}`, [
        subject.userId.toLowerCase(),
        subject.email.toLowerCase(),
      ]);
      deleted += affected;
    }
    return deleted;
  }
}
