export { JobsModule } from './jobs.module';
export { JobRegistry } from './job-registry';
export type { JobContext, JobDefinition } from './job-registry';
export { JobQueueService, PG_BOSS_SCHEMA } from './job-queue.service';
