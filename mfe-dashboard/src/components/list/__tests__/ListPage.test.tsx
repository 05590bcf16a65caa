import { act, renderHook, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser } from '@healthlink/test-support/user';
import { ListPage } from '../ListPage';
import { LIST_PAGE_FAILED, useListPageToast } from '../useListPageToast';

describe('ListPage', () => {
  it('has the way back to the dashboard, the title as h1 and document title, the intro, then the list', async () => {
    renderPage(
      <ListPage title="Rx History" intro="Every prescription your insurers shared with us.">
        <ul aria-label="Prescriptions" />
      </ListPage>,
      '/rxHistory',
      { routePath: '*' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Rx History' })).toBeInTheDocument();
    expect(document.title).toBe('Rx History | CarePath');
    expect(screen.getByText('Every prescription your insurers shared with us.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Prescriptions' })).toBeInTheDocument();
    await setupUser().click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/dashboard');
  });
});

describe('useListPageToast', () => {
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(toast, 'error');
  });
  afterEach(() => {
    error.mockRestore();
    act(() => toast.remove());
  });

  it('toasts once each time the fetch turns failed, never while it stays failed or succeeds', () => {
    const { result } = renderHook(() => useListPageToast('rx-history'));
    act(() => result.current('pending'));
    act(() => result.current('success'));
    expect(error).not.toHaveBeenCalled();

    act(() => result.current('failed'));
    act(() => result.current('failed'));
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenLastCalledWith(LIST_PAGE_FAILED, { id: 'rx-history-fetch-failed' });

    act(() => result.current('pending'));
    act(() => result.current('failed'));
    expect(error).toHaveBeenCalledTimes(2);
  });
});
