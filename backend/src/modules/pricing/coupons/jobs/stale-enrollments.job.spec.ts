import { JobRegistry, type JobDefinition } from '../../../../jobs';
import type { CouponsService } from '../coupons.service';
import { STALE_ENROLLMENTS_CRON, STALE_ENROLLMENTS_QUEUE, StaleEnrollmentsJob } from './stale-enrollments.job';

describe('StaleEnrollmentsJob', () => {
  it('schedules the hourly end of stale enrollments, without retries (the next hour takes what one run missed)', async () => {
    const registry = new JobRegistry();
    const coupons = { endStaleEnrollments: jest.fn().mockResolvedValue(undefined) };
    new StaleEnrollmentsJob(registry, coupons as unknown as CouponsService).onModuleInit();

    const definition = (registry.freeze() as JobDefinition<object>[]).find((d) => d.queue === STALE_ENROLLMENTS_QUEUE)!;
    expect(definition).toMatchObject({ schedule: STALE_ENROLLMENTS_CRON, retryLimit: 0 });
    expect(STALE_ENROLLMENTS_CRON).toMatch(/^\d{1,2} \* \* \* \*$/);
    await definition.handle({} as never);
    expect(coupons.endStaleEnrollments).toHaveBeenCalledTimes(1);
  });
});
