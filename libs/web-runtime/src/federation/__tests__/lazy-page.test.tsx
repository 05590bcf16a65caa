import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyPage } from '../lazy-page';

class Catch extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

function AboutPage() {
  return <h1>About Us</h1>;
}

describe('lazyPage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('imports again after a failed chunk instead of re-throwing the first failure', async () => {
    const load = jest.fn().mockRejectedValue(new Error('Loading chunk 7 failed'));
    const Page = lazyPage(load);
    const tree = (key: number) => (
      <Catch key={key}>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Catch>
    );

    const { rerender } = render(tree(1));
    expect(await screen.findByText('failed')).toBeInTheDocument();

    const failedCalls = load.mock.calls.length;
    load.mockResolvedValue(AboutPage);
    rerender(tree(2));
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(load.mock.calls.length).toBeGreaterThan(failedCalls);
  });
});

describe('lazyPage preload', () => {
  it('starts the import before the first render, which then reuses it', async () => {
    const load = jest.fn().mockResolvedValue(AboutPage);
    const Page = lazyPage(load);
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed preload, so the render imports again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(AboutPage);
    const Page = lazyPage(load);
    Page.preload();
    await Promise.resolve();
    await Promise.resolve();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
