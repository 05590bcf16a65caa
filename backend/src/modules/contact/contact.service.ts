import { ContactTexts, normalizeEmail, parseContact, type ContactRequest, type MessageResponse } from '@healthlink/contracts';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { UserDataErasure } from '../../common/erasure';
import { Mailer } from '../../common/mail';
import type { AppConfig } from '../../config';
import { JobQueueService } from '../../jobs';
import { addressSubject, RATE_LIMITS, RateLimiter } from '../auth';
import { ContactError } from './contact.errors';
import { ContactRepository } from './contact.repository';

export const CONTACT_COPY_QUEUE = 'contact-copy-mail';

const blankToNull = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

/** Contact messages: stored first (nothing is lost if mail is down), then copied to support by a job. */
@Injectable()
export class ContactService implements OnModuleInit {
  constructor(
    private readonly repository: ContactRepository,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly queue: JobQueueService,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly erasure: UserDataErasure,
  ) {}

  onModuleInit(): void {
    // Deleting an account deletes the messages sent from its e-mail (the copy mailed to support is outside).
    this.erasure.register('contact-messages', (subject, manager) => this.repository.deleteFrom(subject.email, manager));
  }

  async submit(body: Partial<ContactRequest>, ip: string | null): Promise<MessageResponse> {
    const parsed = parseContact(body);
    if (!parsed.ok) throw ContactError.rule(parsed.problem);
    const input = parsed.value;
    await this.limiter.consume(RATE_LIMITS.contactPerAddress, addressSubject(ip));
    const id = await this.repository.insert({
      name: blankToNull(input.name),
      email: normalizeEmail(input.email),
      phoneNumber: blankToNull(input.phoneNumber),
      message: input.message.trim(),
    });
    await this.queue.send(CONTACT_COPY_QUEUE, { id });
    return { message: ContactTexts.received };
  }

  async sendCopy(id: string): Promise<void> {
    const message = await this.repository.findById(id);
    if (!message || message.copySentAt) return;
    const product = this.config.get('productName', { infer: true });
    await this.mailer.send({
      to: this.config.get('site', { infer: true }).supportEmail,
      replyTo: message.email,
      subject: `${product} contact form: message from ${message.name ?? message.email}`,
      text: [
        `Name: ${message.name ?? '(not given)'}`,
        `Email: ${message.email}`,
        `Phone: ${message.phoneNumber ?? '(not given)'}`,
        `Received: ${message.createdAt.toISOString()}`,
        '',
        message.message,
        '',
        'We promise an answer within 24 hours.',
      ].join('\n'),
    });
    await this.repository.markCopySent(id);
  }

  /** The copy's last attempt failed: a MAIL_FAILED row (the kind of mail and the reason, no address). */
  recordCopyFailure(error: unknown): Promise<void> {
    return this.mailer.recordFinalFailure('contact-copy', error);
  }
}
