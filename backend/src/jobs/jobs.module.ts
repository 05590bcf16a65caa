import { Global, Module } from '@nestjs/common';
import { JobQueueService } from './job-queue.service';
import { JobRegistry } from './job-registry';

/** pg-boss for every module: register handlers in onModuleInit, send from anywhere. */
@Global()
@Module({ providers: [JobRegistry, JobQueueService], exports: [JobRegistry, JobQueueService] })
export class JobsModule {}
