import { QueryFailedError } from 'typeorm';
import { logSafeError, logSafeErrorSerializer } from './log-safe-error';

const MARKER = '1950-04-02 555-0199';

function driverError(code: string, message: string, detail?: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR', detail, where: `COPY x, line 1: "${MARKER}"` });
}

describe('logSafeError', () => {
  it('drops the SQL, parameters, driver error and row details of a QueryFailedError, at any depth of cause', () => {
    const check = driverError('23514', 'violates check', `Failing row contains (${MARKER}).`);
    const failed = new QueryFailedError('UPDATE users SET phone = $1', [MARKER], check);
    const wrapped = new Error('could not save the profile', { cause: failed });
    const safe = logSafeError(wrapped) as Record<string, unknown>;
    expect(JSON.stringify(safe)).not.toContain(MARKER);
    expect(JSON.stringify(safe)).not.toContain('UPDATE users');
    expect(safe).toMatchObject({ type: 'Error', message: 'could not save the profile' });
    expect(safe.cause).toMatchObject({ type: 'QueryFailedError', code: '23514' });
  });

  it('withholds the value PostgreSQL quotes in a data exception, in the message and the stack', () => {
    const syntax = driverError('22P02', `invalid input syntax for type uuid: "${MARKER}"`);
    const failed = new QueryFailedError('SELECT $1::uuid', [MARKER], syntax);
    const safe = logSafeError(failed) as { message: string; stack: string };
    expect(safe.message).toBe('invalid input syntax for type uuid: "[withheld]"');
    expect(safe.stack).not.toContain(MARKER);
  });

  it("takes pino's standard serialization (the original in raw) as well as the error", () => {
    const failed = new QueryFailedError('SELECT $1', [MARKER], driverError('23505', 'duplicate key'));
    const standard = Object.assign(Object.create({}, { raw: { value: failed, enumerable: false } }), {
      type: 'QueryFailedError',
      message: 'duplicate key',
      query: 'SELECT $1',
      parameters: [MARKER],
    });
    expect(JSON.stringify(logSafeErrorSerializer(standard))).not.toContain(MARKER);
    expect(logSafeErrorSerializer(standard)).toMatchObject({ type: 'QueryFailedError', code: '23505' });
  });

  it('keeps what operators need from an ordinary error', () => {
    const error = Object.assign(new Error('token endpoint refused: 405'), { status: 405, insurer: 'blueButton' });
    const safe = logSafeError(error);
    expect(safe).toMatchObject({ type: 'Error', message: 'token endpoint refused: 405', status: 405, insurer: 'blueButton' });
  });

  it('leaves out objects hung on an error, such as the pg client pg-boss attaches with its connection settings', () => {
    const client = { connectionParameters: { user: 'postgres', password: 'marker-secret-31', host: '127.0.0.1' } };
    const error = Object.assign(new Error('Connection terminated unexpectedly'), { client, code: 'ECONNRESET' });
    const safe = logSafeError(error);
    expect(JSON.stringify(safe)).not.toContain('marker-secret-31');
    expect(safe).toMatchObject({ message: 'Connection terminated unexpectedly', code: 'ECONNRESET' });
  });
});
