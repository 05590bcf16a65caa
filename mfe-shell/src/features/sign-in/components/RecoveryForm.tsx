import type { FormEvent, ReactNode } from 'react';
import { Button, FormMessage, LinkButton, ModalCloseButton, PendingActions } from '@healthlink/web-ui';

export interface RecoveryFormProps {
  /** Called on submit, the browser's own submission already prevented. */
  onSubmit: () => void;
  /** The form's problem message, shown under the fields. */
  message: string | undefined;
  /** The id of that message (`useFormProblem`'s `messageId`), which invalid fields point at. */
  messageId: string;
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  onReturnToLogin: () => void;
  onClose: () => void;
  /** The step's fields. */
  children: ReactNode;
}

/** One step of password recovery: its fields, then the problem message, the submit button and the way back to login. */
export function RecoveryForm({
  onSubmit,
  message,
  messageId,
  pending,
  pendingLabel,
  submitLabel,
  onReturnToLogin,
  onClose,
  children,
}: RecoveryFormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate onSubmit={submit} className="sign-in__form">
      <ModalCloseButton onClick={onClose} />
      {children}
      <FormMessage id={messageId}>{message}</FormMessage>
      <PendingActions pending={pending} label={pendingLabel}>
        <Button type="submit" className="sign-in__submit">
          {submitLabel}
        </Button>
      </PendingActions>
      <p className="sign-in__aside">
        <LinkButton onClick={onReturnToLogin}>Return to login</LinkButton>
      </p>
    </form>
  );
}
