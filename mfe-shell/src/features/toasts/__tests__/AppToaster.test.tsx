import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { AppToaster, TOAST_LIMIT } from '../components/AppToaster';

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => toast.remove());
    jest.useRealTimers();
  });

  it('shows at most 20 toasts at once, the oldest going first', () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast(`message ${i}`);
    });
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getAllByRole('status')).toHaveLength(TOAST_LIMIT);
    expect(screen.getByText('message 25')).toBeInTheDocument();
    expect(screen.getByText('message 6')).toBeInTheDocument();
    expect(screen.queryByText('message 5')).not.toBeInTheDocument();
  });

  it('dismisses the oldest visible toasts beyond its limit', () => {
    render(<AppToaster limit={3} />);
    act(() => {
      for (let i = 1; i <= 5; i += 1) toast(`note ${i}`);
    });
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getAllByRole('status')).toHaveLength(3);
    expect(screen.queryByText('note 1')).not.toBeInTheDocument();
    expect(screen.queryByText('note 2')).not.toBeInTheDocument();
    expect(screen.getByText('note 5')).toBeInTheDocument();
  });

  it('keeps a success toast for 2 s and an error toast for 4 s', () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    // Each toast leaves its duration after it appears, then 1 s of exit animation.
    act(() => jest.advanceTimersByTime(2100));
    act(() => jest.advanceTimersByTime(1100));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    act(() => jest.advanceTimersByTime(1100));
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });
});
