import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Mailer } from '../../common/mail';
import type { AppConfig } from '../../config';
import { JobQueueService, JobRegistry } from '../../jobs';

export const EMAIL_CHANGED_QUEUE = 'email-changed-notice';

interface EmailChangedJob {
  /** The address the account signed in with before the change. */
  to: string;
  firstName: string;
  /** Partly masked: the old inbox learns where the account went without the full new address. */
  newEmailMasked: string;
  changedAt: string;
}

/** "jane.doe@example.com" -> "ja***@example.com": enough for the owner to recognise, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const shown = local.length > 4 ? 2 : 1;
  return `${local.slice(0, shown)}***${email.slice(at)}`;
}

/** Tells the old address that the sign-in e-mail changed, by a job (the same mail path as password recovery). */
@Injectable()
export class EmailChangeNotice implements OnModuleInit {
  private readonly logger = new Logger(EmailChangeNotice.name);

  constructor(
    private readonly registry: JobRegistry,
    private readonly queue: JobQueueService,
    private readonly mailer: Mailer,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  onModuleInit(): void {
    this.registry.register<EmailChangedJob>({ queue: EMAIL_CHANGED_QUEUE, handle: (job) => this.deliver(job.data) });
  }

  async send(oldEmail: string, newEmail: string, firstName: string): Promise<void> {
    const job: EmailChangedJob = { to: oldEmail, firstName, newEmailMasked: maskEmail(newEmail), changedAt: new Date().toISOString() };
    await this.queue.send(EMAIL_CHANGED_QUEUE, job);
  }

  async deliver(job: EmailChangedJob): Promise<void> {
    const product = this.config.get('productName', { infer: true });
    const support = this.config.get('site', { infer: true }).supportEmail;
    const when = job.changedAt.slice(0, 16).replace('T', ' ');
    await this.mailer.send({
      to: job.to,
      subject: `Your ${product} sign-in email was changed`,
      text: [
        `Hello ${job.firstName},`,
        '',
        `The email address you use to sign in to ${product} was changed to ${job.newEmailMasked} on ${when} UTC.`,
        'Every other session of your account was signed out.',
        '',
        `If you made this change, you need not do anything. If you did not, contact us at ${support} right away.`,
      ].join('\n'),
    });
    this.logger.log('sign-in e-mail change notice sent');
  }
}
