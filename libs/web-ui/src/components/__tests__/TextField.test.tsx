import { render, screen } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { PasswordField, TextField } from '../TextField';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

describe('TextField', () => {
  it('is labelled, limited to 100 characters by default, and links its hint and error', () => {
    render(<TextField label="Email" hint="We never share it." error="Please enter a valid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('maxLength', '100');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it. Please enter a valid email address');
  });

  it('is valid unless told otherwise, and can point at a message shown elsewhere', () => {
    const { rerender } = render(<TextField label="First Name" />);
    expect(screen.getByRole('textbox', { name: 'First Name' })).not.toHaveAttribute('aria-invalid');
    rerender(
      <>
        <p id="form-error">Please fill all fields</p>
        <TextField label="First Name" invalid aria-describedby="form-error" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'First Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please fill all fields');
  });

  it('has no reveal toggle unless it is a password field', () => {
    render(<TextField label="Code" revealable />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('PasswordField', () => {
  it('hides the password until its Show button is pressed, and hides it again', async () => {
    render(<PasswordField label="Confirm Password" />);
    const input = screen.getByLabelText('Confirm Password');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(input).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide confirm password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
