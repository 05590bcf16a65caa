import type { PollingStatus } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { PollingEventEntity } from './entities/polling-event.entity';

@Injectable()
export class PollingRepository {
  constructor(@InjectRepository(PollingEventEntity) private readonly repository: Repository<PollingEventEntity>) {}

  private repo(manager?: EntityManager): Repository<PollingEventEntity> {
    return manager ? manager.getRepository(PollingEventEntity) : this.repository;
  }

  async createPending(
    row: { ownerUserId: string | null; kind: string; pollInterval: number },
    manager?: EntityManager,
  ): Promise<PollingEventEntity> {
    const repository = this.repo(manager);
    return repository.save(repository.create({ ...row, status: 'pending', response: null, completedAt: null }));
  }

  findById(id: string, manager?: EntityManager): Promise<PollingEventEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  /** The event when `viewerUserId` owns it or nobody does (a visitor's event); a visitor (null) sees owner-less ones only. */
  findViewable(id: string, viewerUserId: string | null, manager?: EntityManager): Promise<PollingEventEntity | null> {
    const owners = viewerUserId
      ? [
          { id, ownerUserId: viewerUserId },
          { id, ownerUserId: IsNull() },
        ]
      : [{ id, ownerUserId: IsNull() }];
    return this.repo(manager).findOneBy(owners);
  }

  /** Ends a pending event; false when it had already ended (the first outcome wins). */
  async completeIfPending(
    id: string,
    status: Exclude<PollingStatus, 'pending'>,
    response: unknown,
    manager?: EntityManager,
  ): Promise<boolean> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({
        status,
        // jsonb: a missing response is SQL NULL.
        response: () => (response === undefined || response === null ? 'NULL' : ':response::jsonb'),
        completedAt: () => 'now()',
        updatedAt: () => 'now()',
      })
      .where('id = :id AND status = :pending', { id, pending: 'pending' })
      .setParameter('response', JSON.stringify(response ?? null))
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Deletes visitors' (owner-less) events created more than `seconds` ago; answers how many. */
  async deleteOwnerlessOlderThan(seconds: number, manager?: EntityManager): Promise<number> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .delete()
      .where('owner_user_id IS NULL AND created_at < now() - make_interval(secs => :seconds)', { seconds })
      .execute();
    return result.affected ?? 0;
  }

  async deleteAllOwnedBy(ownerUserId: string, manager?: EntityManager): Promise<void> {
    await this.repo(manager).delete({ ownerUserId });
  }
}
