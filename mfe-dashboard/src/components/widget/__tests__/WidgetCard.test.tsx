import { screen } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser } from '@healthlink/test-support/user';
import { SeeAllLink } from '../SeeAllLink';
import { WidgetCard } from '../WidgetCard';
import { WidgetState } from '../WidgetState';

describe('WidgetCard', () => {
  it('is a section named by its title that minimizes and expands by a button named by the section', async () => {
    const user = setupUser();
    renderPage(
      <WidgetCard id="rx-history" title="Rx History" action={<a href="/rxHistory">See all</a>}>
        <p>three rows</p>
      </WidgetCard>,
    );
    const section = screen.getByRole('region', { name: 'Rx History' });
    expect(section).toHaveAttribute('id', 'rx-history');
    expect(screen.getByRole('heading', { level: 2, name: 'Rx History' })).toHaveAttribute('tabindex', '-1');

    const toggle = screen.getByRole('button', { name: 'Minimize Rx History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand Rx History' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('three rows')).not.toBeVisible();
    expect(screen.queryByRole('link', { name: 'See all' })).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Minimize Rx History' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('three rows')).toBeVisible();
  });
});

describe('WidgetState', () => {
  const props = {
    title: 'Health History',
    failedMessage: 'Something went wrong with fetching your Health History. Please try again later.',
  };

  it('loading: a skeleton announced as loading', () => {
    renderPage(
      <WidgetState state="loading" {...props}>
        {() => <p>rows</p>}
      </WidgetState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading Health History…');
    expect(screen.queryByText('rows')).not.toBeInTheDocument();
  });

  it('missing: "No {title} found", the hint and Link Insurance Company to /insuranceSelect', async () => {
    const user = setupUser();
    renderPage(
      <WidgetState state="missing" {...props}>
        {() => <p>rows</p>}
      </WidgetState>,
      '/app/dashboard',
      { routePath: '*' },
    );
    expect(screen.getByText('No Health History found')).toBeInTheDocument();
    expect(screen.getByText('Add data by linking your provider')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Link Insurance Company' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/insuranceSelect');
  });

  it('missing: a widget may give its own view', () => {
    renderPage(
      <WidgetState state="missing" {...props} missing={<p>Nothing here</p>}>
        {() => <p>rows</p>}
      </WidgetState>,
    );
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByText('No Health History found')).not.toBeInTheDocument();
  });

  it('failed: the message, marked as an error in words', () => {
    renderPage(
      <WidgetState state="failed" {...props}>
        {() => <p>rows</p>}
      </WidgetState>,
    );
    expect(screen.getByText(props.failedMessage).closest('p')).toHaveTextContent(`Error: ${props.failedMessage}`);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('failed: Try again under the message when the widget can fetch again', async () => {
    const user = setupUser();
    const onRetry = jest.fn();
    renderPage(
      <WidgetState state="failed" {...props} onRetry={onRetry}>
        {() => <p>rows</p>}
      </WidgetState>,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('complete: the content, and only then', () => {
    const content = jest.fn(() => <p>rows</p>);
    const { rerender } = renderPage(
      <WidgetState state="loading" {...props}>
        {content}
      </WidgetState>,
    );
    expect(content).not.toHaveBeenCalled();
    rerender(
      <WidgetState state="complete" {...props}>
        {content}
      </WidgetState>,
    );
    expect(screen.getByText('rows')).toBeInTheDocument();
  });
});

describe('SeeAllLink', () => {
  it('links to the list page, named in full for screen readers, after an optional summary', async () => {
    const user = setupUser();
    renderPage(<SeeAllLink to="/rxInteractions" title="Rx Interactions" summary="Showing 3 of 6 interactions." />, '/app/dashboard', {
      routePath: '*',
    });
    expect(screen.getByText(/Showing 3 of 6 interactions\./)).toHaveTextContent('Showing 3 of 6 interactions. See all Rx Interactions');
    await user.click(screen.getByRole('link', { name: 'See all Rx Interactions' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/rxInteractions');
  });
});
