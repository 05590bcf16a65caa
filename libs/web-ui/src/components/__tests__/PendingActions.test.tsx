import { render, screen } from '@testing-library/react';
import { Button } from '../Button';
import { FormMessage } from '../FormMessage';
import { PendingActions } from '../PendingActions';

describe('PendingActions', () => {
  it('replaces its buttons with a spinner while pending, keeping keyboard focus in place', () => {
    const { rerender } = render(
      <PendingActions pending={false} label="Saving">
        <Button type="submit">Save</Button>
      </PendingActions>,
    );
    screen.getByRole('button', { name: 'Save' }).focus();

    rerender(
      <PendingActions pending label="Saving">
        <Button type="submit">Save</Button>
      </PendingActions>,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saving');
    expect(document.body).not.toHaveFocus();

    rerender(
      <PendingActions pending={false} label="Saving">
        <Button type="submit">Save</Button>
      </PendingActions>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });
});

describe('FormMessage', () => {
  it('announces an error at once and a success politely', () => {
    render(
      <>
        <FormMessage>Please fill all fields</FormMessage>
        <FormMessage tone="success">Saved</FormMessage>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all fields');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});
