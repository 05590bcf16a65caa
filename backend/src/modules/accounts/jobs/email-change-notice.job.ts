import { Injectable, OnModuleInit } from '@nestjs/common';
import { Mailer } from '../../../common/mail';
import { JobRegistry } from '../../../jobs';
import { EMAIL_CHANGED_QUEUE, EmailChangeService, type EmailChangedJob } from '../email-change.service';

/** Tells the old address that the sign-in e-mail changed; a mail still failing after its retries is recorded. */
@Injectable()
export class EmailChangeNoticeJobHandler implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly emailChange: EmailChangeService,
    private readonly mailer: Mailer,
  ) {}

  onModuleInit(): void {
    this.registry.register<EmailChangedJob>({
      queue: EMAIL_CHANGED_QUEUE,
      handle: (job) => this.emailChange.sendNotice(job.data),
      onFailed: (_job, error) => this.mailer.recordFinalFailure('email-change-notice', error),
    });
  }
}
