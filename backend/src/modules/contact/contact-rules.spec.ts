import { ContactTexts, contactProblem, parseContact } from '@healthlink/contracts';

describe('parseContact', () => {
  it('returns the e-mail and message, and the optional fields only when sent', () => {
    expect(parseContact({ email: 'a@b.co', message: 'Hello', name: null })).toEqual({
      ok: true,
      value: { email: 'a@b.co', message: 'Hello' },
    });
    expect(parseContact({ email: 'a@b.co', message: 'Hello', name: 'Ada', phoneNumber: '' })).toEqual({
      ok: true,
      value: { email: 'a@b.co', message: 'Hello', name: 'Ada', phoneNumber: '' },
    });
  });

  it('checks the e-mail, then the message, then the optional fields', () => {
    expect(parseContact({ message: 'Hello' })).toEqual({ ok: false, problem: { field: 'email', message: ContactTexts.emailRequired } });
    expect(parseContact({ email: 'bad' })).toEqual({ ok: false, problem: { field: 'email', message: ContactTexts.invalidEmail } });
    expect(parseContact({ email: 'a@b.co', message: ' ' })).toEqual({
      ok: false,
      problem: { field: 'message', message: ContactTexts.messageRequired },
    });
    expect(parseContact({ email: 'a@b.co', message: 'x'.repeat(251) })).toMatchObject({
      problem: { field: 'message', message: ContactTexts.messageTooLong },
    });
    expect(contactProblem({ email: 'a@b.co', message: 'Hi', phoneNumber: '1'.repeat(101) })).toEqual({
      field: 'phoneNumber',
      message: ContactTexts.tooLong,
    });
  });
});
