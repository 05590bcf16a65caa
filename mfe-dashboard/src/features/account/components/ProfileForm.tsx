import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import {
  AccountMessages,
  normalizeEmail,
  profileProblem,
  RECOVERY_CODE_TTL_MINUTES,
  REQUIRED_PROFILE_FIELDS,
  type ProfileField,
} from '@healthlink/contracts';
import { startSession } from '@healthlink/web-runtime';
import { Button, FormMessage, PasswordField, PendingActions, TextField, useFormProblem } from '@healthlink/web-ui';
import { useUpdateProfile } from '../api/update-profile';
import { profileSaveFailure } from '../lib/account-failures';
import { changedFields, type ProfileValues } from '../lib/profile-values';

const FIELDS: { field: ProfileField; label: string; type?: string; autoComplete: string }[] = [
  { field: 'first_name', label: 'First Name', autoComplete: 'given-name' },
  { field: 'last_name', label: 'Last Name', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'phone_number', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { field: 'birthdate', label: 'Birthdate', type: 'date', autoComplete: 'bday' },
  { field: 'gender', label: 'Gender', autoComplete: 'sex' },
  { field: 'street_address', label: 'Street Address', autoComplete: 'street-address' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'district', label: 'District', autoComplete: 'address-level3' },
  { field: 'state', label: 'State', autoComplete: 'address-level1' },
  { field: 'postal_code', label: 'Postal Code', autoComplete: 'postal-code' },
];

const PASSWORD_MISSING = { field: 'currentPassword', message: AccountMessages.currentPasswordForEmail };
const CODE_MISSING = { field: 'emailCode', message: AccountMessages.requiredField };

export function ProfileForm({ initial, labelledBy }: { initial: ProfileValues; labelledBy?: string }) {
  // What the server holds: the form compares against it and sends only the differences.
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  const [notice, setNotice] = useState('');
  // The sign-in e-mail changes only with the current password (the session alone is no proof), and only
  // once the code sent to the new address comes back.
  const [currentPassword, setCurrentPassword] = useState('');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [emailCode, setEmailCode] = useState('');
  const emailChanged = normalizeEmail(values.email) !== normalizeEmail(baseline.email);
  const awaitingCode = emailChanged && pendingEmail === normalizeEmail(values.email);
  const { problem, setProblem, messageId, fieldProps } = useFormProblem<ProfileField | 'currentPassword' | 'emailCode'>();
  const { mutate, isPending } = useUpdateProfile();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice('');
    const changes = changedFields(baseline, values);
    if (Object.keys(changes).length === 0) {
      setProblem(null);
      setNotice('There are no changes to save.');
      return;
    }
    const missing = awaitingCode ? (!emailCode.trim() ? CODE_MISSING : null) : emailChanged && !currentPassword ? PASSWORD_MISSING : null;
    const found = profileProblem(changes) ?? missing;
    setProblem(found);
    if (found) return;
    const proof = awaitingCode ? { emailCode: emailCode.trim() } : emailChanged ? { currentPassword } : {};
    mutate(
      { ...changes, ...proof },
      {
        onSuccess: ({ message, token, pendingEmail: codeSentTo }) => {
          if (token) startSession(token);
          // A code went to the new address: everything else is saved, the e-mail waits for the code.
          setBaseline(codeSentTo ? { ...values, email: baseline.email } : values);
          setPendingEmail(codeSentTo ?? null);
          setCurrentPassword('');
          setEmailCode('');
          toast.success(message);
        },
        onError: (error) => setProblem(profileSaveFailure(error)),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="account-form account-form--profile" aria-labelledby={labelledBy}>
      <div className="account-form__grid">
        {FIELDS.map(({ field, label, type, autoComplete }) => (
          <TextField
            key={field}
            {...fieldProps(field)}
            label={label}
            type={type}
            autoComplete={autoComplete}
            required={REQUIRED_PROFILE_FIELDS.includes(field)}
            value={values[field]}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          />
        ))}
      </div>
      {awaitingCode && (
        <TextField
          {...fieldProps('emailCode')}
          label="Email Code"
          hint={`Enter the code we sent to ${pendingEmail}. It works for ${RECOVERY_CODE_TTL_MINUTES} minutes.`}
          autoComplete="one-time-code"
          required
          value={emailCode}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setEmailCode(event.target.value)}
        />
      )}
      {emailChanged && !awaitingCode && (
        <PasswordField
          {...fieldProps('currentPassword')}
          label="Current Password"
          hint="Needed to change the email you sign in with."
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setCurrentPassword(event.target.value)}
        />
      )}
      <FormMessage id={messageId}>{problem?.message}</FormMessage>
      <FormMessage tone="info">{notice}</FormMessage>
      <PendingActions pending={isPending} label="Saving your profile">
        <Button type="submit">Save</Button>
      </PendingActions>
    </form>
  );
}
