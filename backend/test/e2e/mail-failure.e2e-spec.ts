import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { createUser } from '../factories/user.factory';
import { pollUntil } from '../utils/poll';
import { freePort } from '../utils/ports';
import { createTestApp, dataSourceOf } from '../utils/test-app';
import { anIPv6 } from '../utils/addresses';

jest.setTimeout(60_000);

// A mail that cannot be sent after its retries leaves a row in `errors`: the kind of mail and the reason, no address, no code.
describe('mail that finally fails (SMTP relay down)', () => {
  let app: NestFastifyApplication;
  let closedPort: number;
  const since = new Date();

  beforeAll(async () => {
    closedPort = await freePort();
    app = await createTestApp({ SMTP_PORT: String(closedPort), JOBS_RETRY_LIMIT: '1' });
  });
  afterAll(() => app?.close());

  const failures = (kind: string) => async (): Promise<{ user_id: string | null; host: string; error_details: object }[]> =>
    dataSourceOf(app).query(
      `SELECT user_id, host, error_details FROM errors WHERE error_type = 'MAIL_FAILED' AND error_details->>'mail' = $1 AND created_at >= $2
       AND error_details->>'reason' LIKE $3`,
      [kind, since, `%:${closedPort}:%`],
    );

  it('a password-recovery code: recorded once, after the retries, without the address', async () => {
    const user = await createUser(dataSourceOf(app));
    const res = await app.inject({
      method: 'POST',
      url: '/api/verifyEmailandGenStr',
      payload: { email: user.email },
      headers: { 'x-forwarded-for': anIPv6() },
    });
    expect(res.statusCode).toBeLessThan(300);
    const rows = await pollUntil(failures('password-recovery-code'), (r) => r.length > 0, 30_000);
    expect(rows).toEqual([
      {
        user_id: null,
        host: '127.0.0.1',
        error_details: {
          mail: 'password-recovery-code',
          reason: `SMTP relay 127.0.0.1:${closedPort}: nothing answers on that port (connection refused)`,
        },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(user.email);
  });

  it('a contact copy to support: recorded without the sender', async () => {
    const email = `writer.${randomUUID().slice(0, 8)}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/contactUs',
      payload: { email, message: 'Is anyone there?' },
      headers: { 'x-forwarded-for': anIPv6() },
    });
    expect(res.statusCode).toBe(201);
    const rows = await pollUntil(failures('contact-copy'), (r) => r.length > 0, 30_000);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(email);
  });
});
