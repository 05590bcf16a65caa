import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on a free loopback port that keeps what the app sends. */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private server?: SMTPServer;
  port = 0;

  async start(): Promise<this> {
    this.port = await freePort();
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: parsed.subject ?? '', text: parsed.text ?? '' });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    return this;
  }

  to(address: string): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
