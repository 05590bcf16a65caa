import {
  AccountMessages,
  changePasswordProblem,
  loginProblem,
  parseChangePassword,
  parseLogin,
  parseResetPassword,
  parseSignup,
  resetPasswordProblem,
  signupProblem,
} from '@healthlink/contracts';

const PASSWORD = 'Str0ng!pass';

describe('parseSignup', () => {
  const form = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com', password: PASSWORD, confirmPassword: PASSWORD };

  it('returns the five fields, unchanged, when every rule passes', () => {
    expect(parseSignup({ ...form })).toEqual({ ok: true, value: form });
  });

  it('names the first missing or blank field, null included', () => {
    expect(parseSignup({ ...form, firstName: undefined, email: null })).toEqual({
      ok: false,
      problem: { field: 'firstName', message: AccountMessages.fillAllFields },
    });
    expect(parseSignup({ ...form, lastName: '   ' })).toEqual({
      ok: false,
      problem: { field: 'lastName', message: AccountMessages.fillAllFields },
    });
  });

  it('checks length, e-mail, match and complexity in that order', () => {
    expect(parseSignup({ ...form, lastName: 'x'.repeat(101), email: 'bad' })).toMatchObject({ ok: false, problem: { field: 'lastName' } });
    expect(parseSignup({ ...form, email: 'bad', confirmPassword: 'other' })).toMatchObject({
      ok: false,
      problem: { field: 'email', message: AccountMessages.invalidEmail },
    });
    expect(parseSignup({ ...form, confirmPassword: 'other' })).toMatchObject({
      ok: false,
      problem: { field: 'confirmPassword', message: AccountMessages.passwordMismatch },
    });
    expect(parseSignup({ ...form, password: 'short', confirmPassword: 'short' })).toMatchObject({
      ok: false,
      problem: { field: 'password', message: AccountMessages.passwordTooShort },
    });
  });

  it("signupProblem is the parse result's problem, or null", () => {
    expect(signupProblem(form)).toBeNull();
    expect(signupProblem({ ...form, confirmPassword: 'other' })).toEqual({
      field: 'confirmPassword',
      message: AccountMessages.passwordMismatch,
    });
  });
});

describe('parseLogin', () => {
  it('returns the e-mail and password as sent', () => {
    expect(parseLogin({ email: ' A@b.co ', password: PASSWORD })).toEqual({ ok: true, value: { email: ' A@b.co ', password: PASSWORD } });
  });

  it('asks for the e-mail, then the password, then checks them', () => {
    expect(parseLogin({ password: PASSWORD })).toEqual({ ok: false, problem: { field: 'email', message: AccountMessages.fillAllFields } });
    expect(parseLogin({ email: 'a@b.co', password: null })).toEqual({
      ok: false,
      problem: { field: 'password', message: AccountMessages.fillAllFields },
    });
    expect(parseLogin({ email: 'nope', password: 'x' })).toMatchObject({
      problem: { field: 'email', message: AccountMessages.invalidEmail },
    });
    expect(parseLogin({ email: 'a@b.co', password: 'x' })).toMatchObject({
      problem: { field: 'password', message: AccountMessages.passwordTooShort },
    });
    expect(loginProblem({ email: 'a@b.co', password: 'x' })).toEqual({ field: 'password', message: AccountMessages.passwordTooShort });
  });
});

describe('parseResetPassword', () => {
  it('returns the new password when both entries match and it is strong', () => {
    expect(parseResetPassword({ password: PASSWORD, confirmPassword: PASSWORD })).toEqual({
      ok: true,
      value: { password: PASSWORD, confirmPassword: PASSWORD },
    });
  });

  it('names the missing entry, then the mismatch, then the weakness', () => {
    expect(parseResetPassword({})).toMatchObject({ problem: { field: 'password', message: AccountMessages.fillAllFields } });
    expect(parseResetPassword({ password: PASSWORD })).toMatchObject({
      problem: { field: 'confirmPassword', message: AccountMessages.fillAllFields },
    });
    expect(parseResetPassword({ password: PASSWORD, confirmPassword: 'other' })).toMatchObject({
      problem: { field: 'confirmPassword', message: AccountMessages.passwordMismatch },
    });
    expect(resetPasswordProblem({ password: 'abcdefghijk!', confirmPassword: 'abcdefghijk!' })).toEqual({
      field: 'password',
      message: AccountMessages.passwordNeedsNumber,
    });
  });
});

describe('parseChangePassword', () => {
  it('returns the current and new password, without the confirmation', () => {
    expect(parseChangePassword({ curPassword: 'old', newPassword: PASSWORD, confirmPassword: PASSWORD })).toEqual({
      ok: true,
      value: { curPassword: 'old', newPassword: PASSWORD },
    });
  });

  it('keeps the form order: missing, same as current, mismatch, then complexity with its own wording', () => {
    expect(parseChangePassword({ newPassword: PASSWORD })).toMatchObject({
      problem: { field: 'curPassword', message: AccountMessages.fillAllFields },
    });
    expect(parseChangePassword({ curPassword: PASSWORD, newPassword: PASSWORD })).toMatchObject({
      problem: { field: 'newPassword', message: AccountMessages.newPasswordSameAsCurrent },
    });
    expect(parseChangePassword({ curPassword: 'old', newPassword: PASSWORD, confirmPassword: 'x' })).toMatchObject({
      problem: { field: 'confirmPassword', message: AccountMessages.passwordsDoNotLineUp },
    });
    expect(parseChangePassword({ curPassword: 'old', newPassword: 'abcdefghijk1' })).toMatchObject({
      problem: { field: 'newPassword', message: AccountMessages.changeNeedsSpecial },
    });
    expect(changePasswordProblem({ curPassword: 'old', newPassword: PASSWORD })).toBeNull();
  });
});
