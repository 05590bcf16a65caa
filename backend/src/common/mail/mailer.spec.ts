import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../../test/utils/ports';
import type { AppConfig } from '../../config';
import type { ErrorRecorder } from '../errors';
import { MailDeliveryError, Mailer } from './mailer';

describe('Mailer failures', () => {
  const address = 'private.person@example.com';
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // A relay that rejects the recipient and, as real ones do, echoes the address in its reply.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (rcpt, _session, callback) =>
        callback(Object.assign(new Error(`<${rcpt.address}>: Recipient address rejected`), { responseCode: 550 })),
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  function mailerOn(smtpPort: number, record = jest.fn().mockResolvedValue('id')): Mailer {
    const config = { get: () => ({ host: '127.0.0.1', port: smtpPort, secure: false, from: 'HL <no-reply@hl.test>' }) };
    return new Mailer(config as unknown as ConfigService<AppConfig, true>, { record } as unknown as ErrorRecorder);
  }

  it('says why a relay refused the mail without the address it echoed', async () => {
    const mailer = mailerOn(port);
    const error: unknown = await mailer.send({ to: address, subject: 'Code', text: 'ABCD2345' }).catch((e: unknown) => e);
    mailer.onModuleDestroy();
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).reason).toBe(`SMTP relay 127.0.0.1:${port}: it refused the sender or the recipient (reply 550)`);
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain(address);
  });

  it('records a final failure with the kind of mail and the reason only, in errors and in the log', async () => {
    const record = jest.fn().mockResolvedValue('id');
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const mailer = mailerOn(port, record);
    const error = await mailer.send({ to: address, subject: 'Code', text: 'ABCD2345' }).catch((e: unknown) => e);
    await mailer.recordFinalFailure('password-recovery-code', error);
    mailer.onModuleDestroy();
    const reason = `SMTP relay 127.0.0.1:${port}: it refused the sender or the recipient (reply 550)`;
    expect(record).toHaveBeenCalledWith({
      errorType: 'MAIL_FAILED',
      host: '127.0.0.1',
      errorDetails: { mail: 'password-recovery-code', reason },
    });
    expect(warn).toHaveBeenCalledWith({ mail: 'password-recovery-code', reason }, 'mail not sent after its retries');
    expect(JSON.stringify([record.mock.calls, warn.mock.calls])).not.toMatch(/private\.person|ABCD2345/);
    warn.mockRestore();
  });
});
