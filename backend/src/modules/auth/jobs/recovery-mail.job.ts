import { Injectable, OnModuleInit } from '@nestjs/common';
import { Mailer } from '../../../common/mail';
import { JobRegistry } from '../../../jobs';
import { PasswordRecoveryService, RECOVERY_MAIL_QUEUE, type RecoveryMailJob } from '../password-recovery.service';

/** Sends a password-recovery code; a mail still failing after its retries is recorded (no address, no code). */
@Injectable()
export class RecoveryMailJobHandler implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly recovery: PasswordRecoveryService,
    private readonly mailer: Mailer,
  ) {}

  onModuleInit(): void {
    this.registry.register<RecoveryMailJob>({
      queue: RECOVERY_MAIL_QUEUE,
      handle: (job) => this.recovery.sendCode(job.data),
      onFailed: (_job, error) => this.mailer.recordFinalFailure('password-recovery-code', error),
    });
  }
}
