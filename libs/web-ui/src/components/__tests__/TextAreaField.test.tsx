import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { TextAreaField } from '../TextAreaField';

function Controlled({ max = 20, error }: { max?: number; error?: string }) {
  const [value, setValue] = useState('');
  return <TextAreaField label="Message" hint="Required" maxLength={max} value={value} error={error} onChange={(e) => setValue(e.target.value)} />;
}

describe('TextAreaField', () => {
  it('is labelled, limited, and describes itself with its hint and a live character count', () => {
    render(<Controlled />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAttribute('maxLength', '20');
    expect(field).toHaveAccessibleDescription('Required 0 of 20 characters');
    fireEvent.change(field, { target: { value: 'Hello' } });
    expect(screen.getByText('5 of 20 characters')).toBeInTheDocument();
  });

  it('announces the limit once it is reached', () => {
    render(<Controlled max={5} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: '12345' } });
    expect(screen.getByText('You have reached the 5 character limit.')).toBeInTheDocument();
  });

  it('shows an error linked to the field and marks it invalid', () => {
    render(<Controlled error="Please enter a message" />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Please enter a message/);
  });
});
