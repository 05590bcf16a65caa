import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { PollingEventEntity } from '../../src/modules/polling/entities/polling-event.entity';

export function buildPollingEvent(overrides: Partial<PollingEventEntity> = {}): PollingEventEntity {
  const event = new PollingEventEntity();
  Object.assign(event, {
    ownerUserId: randomUUID(),
    kind: 'probe',
    status: 'pending',
    pollInterval: 1000,
    response: null,
    completedAt: null,
    ...overrides,
  });
  return event;
}

export function createPollingEvent(dataSource: DataSource, overrides: Partial<PollingEventEntity> = {}): Promise<PollingEventEntity> {
  return dataSource.getRepository(PollingEventEntity).save(buildPollingEvent(overrides));
}
