import { Global, Module } from '@nestjs/common';
import { JobQueueService } from './job-queue.service';
import { JobRegistry } from './job-registry';
import { JobStoreRepository } from './job-store.repository';

/** pg-boss for every module: register handlers in onModuleInit, send from anywhere. */
@Global()
@Module({ providers: [JobRegistry, JobStoreRepository, JobQueueService], exports: [JobRegistry, JobQueueService] })
export class JobsModule {}
