import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { hostname } from 'node:os';
import type { AppConfig } from '../../config';
import { PollingJobContext, PollingService } from './polling.service';

export const PROBE_KIND = 'probe';

export interface ProbeResult {
  handledBy: { pid: number; role: string; hostname: string };
  /** From queueing to the handler starting. */
  queuedMs: number;
}

/** A queue round trip for tests (ProbeModule): which worker process took a job and how long it waited. */
@Injectable()
export class ProbeService {
  constructor(
    private readonly polling: PollingService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  start(ownerUserId: string): Promise<string> {
    return this.polling.start(ownerUserId, PROBE_KIND, {});
  }

  async answer(context: PollingJobContext<Record<string, never>>): Promise<void> {
    const result: ProbeResult = {
      handledBy: { pid: process.pid, role: this.config.get('role', { infer: true }), hostname: hostname() },
      queuedMs: Math.max(0, Date.now() - context.queuedAt.getTime()),
    };
    await this.polling.complete(context.pollingEventId, 'complete', result);
  }
}
