import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import { HealthDataService } from './health-data.service';

/**
 * At boot, in the roles that do background work ('all', 'worker'), re-projects the claims an older projection
 * made (CLAIM_PROJECTION_VERSION), then the medication requests and dispenses (MEDICATION_PROJECTION_VERSION), in
 * the background: the API answers meanwhile, from the old rows until each
 * batch commits. A failure is logged and the next boot carries on where this one stopped.
 */
@Injectable()
export class ClaimReprojectionOnBoot implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ClaimReprojectionOnBoot.name);
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly healthData: HealthDataService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.get('role', { infer: true }) === 'api') return;
    this.running = this.healthData
      .reprojectStaleClaims(undefined, () => this.stopping)
      .then(async (claims) => {
        if (claims > 0) this.logger.log({ claims }, 'claims re-projected');
        const medications = await this.healthData.reprojectStaleMedications(undefined, () => this.stopping);
        if (medications > 0) this.logger.log({ medications }, 'medication requests and dispenses re-projected');
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'claim re-projection failed; the next boot retries'));
  }

  /** Lets the batch in flight commit (or roll back) before the database connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }
}
