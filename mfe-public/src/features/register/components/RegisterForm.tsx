import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-hot-toast';
import { AccountScreenTexts, normalizeEmail, signupProblem, type SignupField, type SignupRequest } from '@healthlink/contracts';
import { startSession } from '@healthlink/web-runtime';
import { Button, FormMessage, PasswordField, PendingActions, TextField, useFormProblem } from '@healthlink/web-ui';
import { useSignup } from '../api/signup';
import { signupFailure } from '../lib/signup-failure';

const EMPTY: SignupRequest = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export function RegisterForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<SignupRequest>(EMPTY);
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<SignupField>();
  const { mutate, isPending } = useSignup();

  const bind = (field: SignupField) => ({
    ...fieldProps(field),
    name: field,
    required: true,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = signupProblem(values);
    setProblem(found);
    if (found) return;
    const request = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: normalizeEmail(values.email),
    };
    mutate(request, {
      onSuccess: ({ token }) => {
        startSession(token);
        navigate('/healthSetup');
      },
      onError: (error) => {
        const shown = signupFailure(error);
        if ('toast' in shown) toast.error(shown.toast);
        else setProblem(shown);
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="register-form">
      <div className="register-form__names">
        <TextField {...bind('firstName')} label="First Name" autoComplete="given-name" />
        <TextField {...bind('lastName')} label="Last Name" autoComplete="family-name" />
      </div>
      <TextField {...bind('email')} label="Email" type="email" autoComplete="email" />
      <PasswordField {...bind('password')} label="Password" autoComplete="new-password" hint={AccountScreenTexts.passwordHint} />
      <PasswordField {...bind('confirmPassword')} label="Confirm Password" autoComplete="new-password" />
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <PendingActions pending={isPending} label="Creating your account">
        <Button type="submit" className="register-form__submit">
          Sign Up
        </Button>
      </PendingActions>
      <p className="register-form__cookies">
        We use cookies to keep you signed in and to make the site work. Read how in our <Link to="/privacyPolicy">Privacy Policy</Link>.
      </p>
    </form>
  );
}
