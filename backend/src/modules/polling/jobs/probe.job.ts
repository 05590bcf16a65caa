import { Injectable, OnModuleInit } from '@nestjs/common';
import { PollingService } from '../polling.service';
import { PROBE_KIND, ProbeService } from '../probe.service';

/** pg-boss queue `probe` (polling-backed, tests only): answers which worker took the job. */
@Injectable()
export class ProbeJob implements OnModuleInit {
  constructor(
    private readonly polling: PollingService,
    private readonly probe: ProbeService,
  ) {}

  onModuleInit(): void {
    this.polling.registerHandler<Record<string, never>>(PROBE_KIND, (context) => this.probe.answer(context), { retryLimit: 0 });
  }
}
