import { screen } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser } from '@healthlink/test-support/user';
import { LoadMore, type LoadMoreProps } from '../LoadMore';

const FAILED = 'Something went wrong with fetching your Rx History. Please try again later.';

function renderLoadMore(overrides: Partial<LoadMoreProps> = {}) {
  const onLoadMore = jest.fn();
  renderPage(
    <LoadMore
      shown={5}
      total={12}
      noun="prescriptions"
      hasMore
      loading={false}
      failed={false}
      failedMessage={FAILED}
      onLoadMore={onLoadMore}
      {...overrides}
    />,
  );
  return onLoadMore;
}

describe('LoadMore', () => {
  it('announces how many of how many are shown, and loads more on request', async () => {
    const onLoadMore = renderLoadMore();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 5 of 12 prescriptions');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('keeps the button focusable but inert while the next page loads', async () => {
    const onLoadMore = renderLoadMore({ loading: true });
    const button = screen.getByRole('button', { name: 'Loading more…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    await setupUser().click(button);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('says a failed Load more aloud and keeps the button to try again', () => {
    renderLoadMore({ failed: true });
    expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('has no button once every row is shown', () => {
    renderLoadMore({ shown: 12, hasMore: false });
    expect(screen.getByRole('status')).toHaveTextContent('Showing 12 of 12 prescriptions');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
