export { JobsModule } from './jobs.module';
export { JobRegistry } from './job-registry';
export type { JobContext, JobDefinition } from './job-registry';
export { JobQueueService } from './job-queue.service';
export { safeFailure, safeFailureMessage } from './job-failure';
