import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser } from '@healthlink/test-support/user';
import { ToggleButtons, type ToggleButtonsProps } from '../ToggleButtons';

type Order = 'newest' | 'oldest';
const OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;

function Harness({ onChange, ...props }: Partial<ToggleButtonsProps<Order>> & { onChange: (value: Order) => void }) {
  const [value, setValue] = useState<Order>('newest');
  return (
    <ToggleButtons
      label="Sort by date"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      {...props}
    />
  );
}

describe('ToggleButtons', () => {
  it('is a group named by its label whose chosen button is pressed, by mouse or keyboard', async () => {
    const user = setupUser();
    const onChange = jest.fn();
    renderPage(<Harness onChange={onChange} />);
    const group = within(screen.getByRole('group', { name: 'Sort by date' }));
    expect(screen.getByText('Sort by date')).not.toHaveClass('hl-visually-hidden');
    expect(group.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');
    expect(group.getByRole('button', { name: 'Oldest first' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(group.getByRole('button', { name: 'Oldest first' }));
    expect(onChange).toHaveBeenLastCalledWith('oldest');
    expect(group.getByRole('button', { name: 'Oldest first' })).toHaveAttribute('aria-pressed', 'true');
    expect(group.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'false');

    group.getByRole('button', { name: 'Newest first' }).focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('newest');
    expect(group.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('does not call onChange for the option already chosen', async () => {
    const onChange = jest.fn();
    renderPage(<Harness onChange={onChange} />);
    await setupUser().click(screen.getByRole('button', { name: 'Newest first' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('may name the group for screen readers only', () => {
    renderPage(<Harness onChange={jest.fn()} label="Show spending" labelHidden />);
    expect(screen.getByRole('group', { name: 'Show spending' })).toBeInTheDocument();
    expect(screen.getByText('Show spending')).toHaveClass('hl-visually-hidden');
  });
});
