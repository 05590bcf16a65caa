export { PollingModule } from './polling.module';
export { ProbeModule } from './probe.module';
export { PollingService, DEFAULT_POLL_INTERVAL_MS } from './polling.service';
export type { PollingJobContext, PollingJobHandler, PollingJobData } from './polling.service';
