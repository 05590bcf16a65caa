import { Injectable, OnModuleInit } from '@nestjs/common';
import { Mailer } from '../../../common/mail';
import { JobRegistry } from '../../../jobs';
import { EMAIL_CHANGE_CODE_QUEUE, EmailChangeService, type EmailChangeCodeJob } from '../email-change.service';

/** Sends the code that confirms a new sign-in e-mail; a mail still failing after its retries is recorded. */
@Injectable()
export class EmailChangeCodeJobHandler implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly emailChange: EmailChangeService,
    private readonly mailer: Mailer,
  ) {}

  onModuleInit(): void {
    this.registry.register<EmailChangeCodeJob>({
      queue: EMAIL_CHANGE_CODE_QUEUE,
      handle: (job) => this.emailChange.sendCode(job.data),
      onFailed: (_job, error) => this.mailer.recordFinalFailure('email-change-code', error),
    });
  }
}
