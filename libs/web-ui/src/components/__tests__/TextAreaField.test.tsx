import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { setupUser, replaceText, type UserEvent } from '@healthlink/test-support/user';
import { TextAreaField } from '../TextAreaField';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

function Controlled({ max = 20, error }: { max?: number; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <TextAreaField label="Message" hint="Required" maxLength={max} value={value} error={error} onChange={(e) => setValue(e.target.value)} />
  );
}

describe('TextAreaField', () => {
  it('is labelled, limited, and describes itself with its hint and a live character count', async () => {
    render(<Controlled />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAttribute('maxLength', '20');
    expect(field).toHaveAccessibleDescription('Required 0 of 20 characters');
    await replaceText(user, field, 'Hello');
    expect(screen.getByText('5 of 20 characters')).toBeInTheDocument();
  });

  it('announces the limit once it is reached', async () => {
    render(<Controlled max={5} />);
    await replaceText(user, screen.getByRole('textbox', { name: 'Message' }), '12345');
    expect(screen.getByText('You have reached the 5 character limit.')).toBeInTheDocument();
  });

  it('shows an error linked to the field and marks it invalid', () => {
    render(<Controlled error="Please enter a message" />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Please enter a message/);
  });
});
