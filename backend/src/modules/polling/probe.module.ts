import { Module } from '@nestjs/common';
import { JobsController } from './jobs.controller';
import { ProbeJob } from './jobs/probe.job';
import { PollingModule } from './polling.module';
import { ProbeService } from './probe.service';

/**
 * POST /api/jobs/probe and its job, for tests only (JOBS_PROBE_ROUTE=true, refused in production): its answer names
 * the worker's pid and host, which no patient may learn. The app module imports it only when configured.
 */
@Module({ imports: [PollingModule], controllers: [JobsController], providers: [ProbeService, ProbeJob] })
export class ProbeModule {}
