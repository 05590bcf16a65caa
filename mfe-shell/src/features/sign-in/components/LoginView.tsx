import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { loginProblem, normalizeEmail, type LoginField, type LoginResponse } from '@healthlink/contracts';
import {
  Button,
  FormMessage,
  LinkButton,
  ModalCloseButton,
  PasswordField,
  PendingActions,
  TextField,
  useFormProblem,
} from '@healthlink/web-ui';
import { useLogin } from '../api/login';
import { loginFailure } from '../lib/sign-in-errors';

export interface LoginViewProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  onSignedIn: (response: LoginResponse) => void;
  onClose: () => void;
}

export function LoginView({ email, onEmailChange, onForgotPassword, onSignedIn, onClose }: LoginViewProps) {
  const [password, setPassword] = useState('');
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<LoginField>();
  const { mutate, isPending } = useLogin();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = loginProblem({ email, password });
    setProblem(found);
    if (found) return;
    mutate(
      { email: normalizeEmail(email), password },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const shown = loginFailure(error);
          if ('toast' in shown) toast.error(shown.toast);
          else setProblem(shown);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="sign-in__form">
      <ModalCloseButton onClick={onClose} />
      <TextField
        {...fieldProps('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
        autoFocus
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <PasswordField
        {...fieldProps('password')}
        label="Password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <p className="sign-in__aside">
        <LinkButton onClick={onForgotPassword}>Forgot Password?</LinkButton>
      </p>
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <PendingActions pending={isPending} label="Signing in">
        <Button type="submit" className="sign-in__submit">
          Sign In
        </Button>
      </PendingActions>
      <p className="sign-in__aside">
        Don&apos;t have an account?{' '}
        <Link to="/register" onClick={onClose}>
          Sign Up
        </Link>
      </p>
    </form>
  );
}
