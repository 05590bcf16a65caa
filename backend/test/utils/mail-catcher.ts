import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

export const TEST_SMTP_PORT_ENV = 'HEALTHLINK_TEST_SMTP_PORT';
export const TEST_MAIL_FILE_ENV = 'HEALTHLINK_TEST_MAIL_FILE';

/**
 * A real SMTP server on a free loopback port that appends what it receives to a JSON-lines file. One runs
 * for the whole Jest run (globalSetup): every test app's job worker may send any test's mail, so all of
 * them must reach the same catcher.
 */
export class MailCatcher {
  private server?: SMTPServer;
  port = 0;

  constructor(private readonly file: string) {}

  async start(): Promise<this> {
    this.port = await freePort();
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const mail: CaughtMail = {
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            };
            appendFileSync(this.file, `${JSON.stringify(mail)}\n`);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Everything the run's catcher has received for the address. */
export function mailTo(address: string): CaughtMail[] {
  const file = process.env[TEST_MAIL_FILE_ENV];
  if (!file) throw new Error(`${TEST_MAIL_FILE_ENV} is not set: run the tests through jest (globalSetup starts the catcher)`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaughtMail)
    .filter((mail) => mail.to.includes(address));
}
