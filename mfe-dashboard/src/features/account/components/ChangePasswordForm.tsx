import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { AccountMessages, AccountScreenTexts, changePasswordProblem } from '@healthlink/contracts';
import { Button, FormMessage, PasswordField, PendingActions, useFormProblem } from '@healthlink/web-ui';
import { useChangePassword } from '../api/change-password';
import { passwordChangeFailure } from '../lib/account-failures';

type PasswordFields = 'curPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<PasswordFields, string> = { curPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ labelledBy }: { labelledBy?: string }) {
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState(false);
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<PasswordFields>();
  const { mutate, isPending } = useChangePassword();

  const bind = (field: PasswordFields) => ({
    ...fieldProps(field),
    required: true,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    const found = changePasswordProblem(values);
    if (found?.field === 'confirmPassword') {
      // Spec part 1 §5: a mismatched confirmation (the one rule of that field) is a toast; the field is still marked.
      toast.error(found.message);
      setProblem({ message: '', field: found.field });
      return;
    }
    setProblem(found);
    if (found) return;
    mutate(
      { curPassword: values.curPassword, newPassword: values.newPassword },
      {
        onSuccess: ({ message }) => {
          if (message !== AccountMessages.settingsPasswordUpdated) {
            setProblem({ message: AccountScreenTexts.unparseable });
            return;
          }
          setValues(EMPTY);
          setDone(true);
        },
        onError: (error) => setProblem(passwordChangeFailure(error)),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="account-form" aria-labelledby={labelledBy}>
      <PasswordField {...bind('curPassword')} label="Current Password" autoComplete="current-password" />
      <PasswordField {...bind('newPassword')} label="New Password" autoComplete="new-password" hint={AccountScreenTexts.passwordHint} />
      <PasswordField {...bind('confirmPassword')} label="Confirm New Password" autoComplete="new-password" />
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <FormMessage tone="success">{done ? AccountScreenTexts.passwordChanged : ''}</FormMessage>
      <PendingActions pending={isPending} label="Updating your password">
        <Button type="submit">Save</Button>
      </PendingActions>
    </form>
  );
}
