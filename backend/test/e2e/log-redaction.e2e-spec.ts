import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createTestApp, dataSourceOf } from '../utils/test-app';

/** Everything the app's pino logger writes, as text. */
class CapturedLog extends Writable {
  private readonly chunks: string[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk.toString());
    done();
  }

  get text(): string {
    return this.chunks.join('');
  }
}

describe('the log never carries what a person sent', () => {
  let app: NestFastifyApplication;
  const log = new CapturedLog();
  const tag = randomBytes(6).toString('hex');
  // Looks like what was seen in the log: a phone number, a birthdate, an address.
  const marker = `555-0199-${tag} 1950-04-02 12 Elm Street`;
  const trigger = `test_refuse_${tag}`;

  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log });
    // A write that fails in PostgreSQL for this marker only (other tests share the table): a real QueryFailedError
    // holding the marker in its parameters.
    await dataSourceOf(app).query(`
      CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by a test trigger' USING ERRCODE = 'P0001'; END $$`);
    await dataSourceOf(app).query(`
      CREATE TRIGGER ${trigger} BEFORE INSERT ON analytics_events FOR EACH ROW
      WHEN (NEW.path = '/${marker}') EXECUTE FUNCTION ${trigger}()`);
  });
  afterAll(async () => {
    await dataSourceOf(app).query(`DROP TRIGGER IF EXISTS ${trigger} ON analytics_events`);
    await dataSourceOf(app).query(`DROP FUNCTION IF EXISTS ${trigger}()`);
    await app?.close();
  });

  it('logs a failed write as a 500 with its correlation id, without the SQL, its parameters or the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'x-forwarded-for': '10.78.0.1' },
      payload: { category: `cat ${marker}`, action: 'page_view', path: `/${marker}` },
    });
    expect(res.statusCode).toBe(500);
    const { correlationId } = res.json();

    const lines = log.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = lines.find((line) => line.correlationId === correlationId && line.err);
    // The failure is there for operators: its type, message and SQLSTATE.
    expect(logged?.err).toMatchObject({ type: 'QueryFailedError', message: 'refused by a test trigger', code: 'P0001' });
    expect(log.text).not.toContain(tag);
    expect(log.text).not.toContain('INSERT INTO analytics_events');
  });

  it('logs request URLs without their query string or a referral code in the path', async () => {
    const secret = `secret-${randomBytes(6).toString('hex')}`;
    await app.inject({ method: 'GET', url: `/api/pingServer?code=${secret}&state=${secret}` });
    await app.inject({ method: 'GET', url: `/api/externalEnrollment/exchangeReferralCodeForToken/${secret}` });
    expect(log.text).toContain('/api/pingServer');
    expect(log.text).toContain('/api/externalEnrollment/exchangeReferralCodeForToken/[redacted]');
    expect(log.text).not.toContain(secret);
  });
});
