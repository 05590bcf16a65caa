import { AccountMessages, parseProfile, profileProblem } from '@healthlink/contracts';

describe('parseProfile', () => {
  it('returns the changes given, with nulls kept only where a field may be cleared', () => {
    expect(parseProfile({ email: 'new@example.com', city: null, phone_number: '', currentPassword: null, emailCode: 'ABC' })).toEqual({
      ok: true,
      value: { email: 'new@example.com', city: null, phone_number: '', emailCode: 'ABC' },
    });
  });

  it('refuses a blank or null required field', () => {
    expect(parseProfile({ first_name: '  ' })).toEqual({
      ok: false,
      problem: { field: 'first_name', message: AccountMessages.requiredField },
    });
    expect(parseProfile({ email: null })).toEqual({ ok: false, problem: { field: 'email', message: AccountMessages.requiredField } });
  });

  it('checks length, then the e-mail, then the birthdate', () => {
    expect(parseProfile({ email: 'bad', gender: 'x'.repeat(101) })).toMatchObject({ problem: { field: 'gender' } });
    expect(parseProfile({ email: 'bad', birthdate: 'soon' })).toMatchObject({
      problem: { field: 'email', message: AccountMessages.invalidEmail },
    });
    expect(parseProfile({ birthdate: '1850-01-01' })).toMatchObject({
      problem: { field: 'birthdate', message: AccountMessages.birthdateInvalid },
    });
    expect(profileProblem({ birthdate: '' })).toBeNull();
  });
});
