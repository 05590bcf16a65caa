import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';
import { ErrorRecorder } from '../errors';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** What a mail is for, the only thing about it that failure records name (never the address or the content). */
export type MailKind = 'password-recovery-code' | 'contact-copy' | 'email-change-code' | 'email-change-notice' | 'insurer-relink-notice';

/** Sending failed; `reason` names the relay and what went wrong, never an address (SMTP replies echo them). */
export class MailDeliveryError extends Error {
  constructor(readonly reason: string) {
    super(`mail not sent: ${reason}`);
    this.name = 'MailDeliveryError';
  }
}

// nodemailer's error codes; its messages and the server's replies may carry the recipient's address.
const SMTP_FAILURES: Record<string, string> = {
  ECONNECTION: 'the connection was refused or dropped',
  ETIMEDOUT: 'it did not answer in time',
  ESOCKET: 'the connection failed',
  EDNS: 'its host name is unknown',
  ETLS: 'TLS failed',
  EAUTH: 'it refused the credentials',
  EENVELOPE: 'it refused the sender or the recipient',
  EMESSAGE: 'it refused the message',
  EPROTOCOL: 'it answered outside the SMTP protocol',
};

const SOCKET_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'nothing answers on that port (connection refused)',
  ECONNRESET: 'it dropped the connection',
  EHOSTUNREACH: 'its host is unreachable',
  ENETUNREACH: 'its network is unreachable',
  ENOTFOUND: 'its host name is unknown',
  ETIMEDOUT: 'it did not answer in time',
};

/** E-mail over SMTP (the sandbox's server by default; any provider's SMTP relay in production). */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly relay: { host: string; port: number };

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly errors: ErrorRecorder,
  ) {
    const mail = config.get('mail', { infer: true });
    this.from = mail.from;
    this.relay = { host: mail.host, port: mail.port };
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

  /** Throws MailDeliveryError (safe to log) when the relay does not take the mail. */
  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
    } catch (error) {
      throw new MailDeliveryError(this.describe(error));
    }
  }

  /** For a mail job's last failed attempt: a row in `errors` and a warning, naming the kind of mail and why. */
  async recordFinalFailure(kind: MailKind, error: unknown): Promise<void> {
    const reason = error instanceof MailDeliveryError ? error.reason : 'the mail job failed before sending';
    this.logger.warn({ mail: kind, reason }, 'mail not sent after its retries');
    await this.errors.record({ errorType: 'MAIL_FAILED', host: this.relay.host, errorDetails: { mail: kind, reason } });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }

  private describe(error: unknown): string {
    const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: unknown };
    // Only a system error code is taken from the message, never its text.
    const socket = /\b(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|ETIMEDOUT)\b/.exec(String(message ?? ''))?.[1];
    const what = (socket && SOCKET_FAILURES[socket]) ?? (code && SMTP_FAILURES[code]) ?? `it failed (${code ?? 'no error code'})`;
    return `SMTP relay ${this.relay.host}:${this.relay.port}: ${what}${responseCode ? ` (reply ${responseCode})` : ''}`;
  }
}
