import { render, screen } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { Button, buttonClassName } from '../Button';
import { LinkButton } from '../LinkButton';
import { Spinner } from '../Spinner';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

describe('web-ui components', () => {
  it('Button is a non-submitting button by default and forwards clicks', async () => {
    const onClick = jest.fn();
    render(
      <form
        onSubmit={() => {
          throw new Error('must not submit');
        }}
      >
        <Button onClick={onClick}>Retry</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Retry' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('buttonClassName styles a link as a button of the chosen variant', () => {
    expect(buttonClassName('secondary', 'wide')).toBe('hl-button hl-button--secondary wide');
  });

  it('LinkButton keeps button semantics', () => {
    render(<LinkButton>Login</LinkButton>);
    expect(screen.getByRole('button', { name: 'Login' })).toHaveClass('hl-link-button');
  });

  it('Spinner gives screen readers its label and hides the animation', () => {
    const { container } = render(<Spinner label="Loading prices" />);
    expect(screen.getByText('Loading prices')).toHaveClass('hl-visually-hidden');
    expect(container.querySelector('.hl-spinner__circle')).toHaveAttribute('aria-hidden', 'true');
  });
});
