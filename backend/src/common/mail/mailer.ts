import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** E-mail over SMTP (the sandbox's server by default; any provider's SMTP relay in production). */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(config: ConfigService<AppConfig, true>) {
    const mail = config.get('mail', { infer: true });
    this.from = mail.from;
    this.transport = createTransport({
      host: mail.host,
      port: mail.port,
      secure: mail.secure,
      auth: mail.user ? { user: mail.user, pass: mail.password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
