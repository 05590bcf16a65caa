import type { PollingStatus } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { PollingEventEntity } from './entities/polling-event.entity';

@Injectable()
export class PollingRepository {
  constructor(@InjectRepository(PollingEventEntity) private readonly repository: Repository<PollingEventEntity>) {}

  private repo(manager?: EntityManager): Repository<PollingEventEntity> {
    return manager ? manager.getRepository(PollingEventEntity) : this.repository;
  }

  async createPending(
    row: { ownerUserId: string; kind: string; pollInterval: number },
    manager?: EntityManager,
  ): Promise<PollingEventEntity> {
    const repository = this.repo(manager);
    return repository.save(repository.create({ ...row, status: 'pending', response: null, completedAt: null }));
  }

  findById(id: string, manager?: EntityManager): Promise<PollingEventEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  findOwned(id: string, ownerUserId: string, manager?: EntityManager): Promise<PollingEventEntity | null> {
    return this.repo(manager).findOneBy({ id, ownerUserId });
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

  async deleteAllOwnedBy(ownerUserId: string, manager?: EntityManager): Promise<void> {
    await this.repo(manager).delete({ ownerUserId });
  }
}
