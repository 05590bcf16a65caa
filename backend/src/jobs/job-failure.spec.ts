import { safeFailure, safeFailureMessage } from './job-failure';

class QueryFailedError extends Error {
  constructor(
    readonly query: string,
    readonly parameters: unknown[],
    readonly driverError: Error & { code: string },
  ) {
    super(driverError.message);
    this.name = 'QueryFailedError';
  }
}

describe('safeFailure', () => {
  const driverError = Object.assign(new Error('invalid input syntax for type uuid: "Jane Doe 555-0100"'), { code: '22P02' });
  const failed = new QueryFailedError('UPDATE patient_info SET phone = $1 /* Jane Doe */', ['Jane Doe 555-0100'], driverError);

  it('keeps the name, the code and the message with the refused value withheld, and nothing else of a database error', () => {
    const failure = safeFailure(failed);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ name: 'QueryFailedError', code: '22P02', message: 'invalid input syntax for type uuid: "[withheld]"' });
    expect(Object.keys(failure).sort()).toEqual(['code', 'name']);
    expect(JSON.stringify({ ...failure, stack: failure.stack })).not.toContain('Jane');
    expect(safeFailureMessage(failed)).toBe('invalid input syntax for type uuid: "[withheld]"');
  });

  it('keeps the message of an ordinary error and makes one of a thrown value', () => {
    expect(safeFailure(new Error('partner answered 502'))).toMatchObject({ name: 'Error', message: 'partner answered 502' });
    expect(safeFailureMessage('gave up')).toBe('gave up');
    expect(safeFailure('gave up').message).toBe('gave up');
  });
});
