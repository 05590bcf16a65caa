import { render, screen } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import type { RemoteAppProps } from '@healthlink/contracts';
import { RemoteArea } from '../RemoteArea';
import { RemoteLoaderProvider } from '../remote-loader-context';
import { RemoteUnavailableError, type RemoteAppLoader } from '../remote-loader';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

function PublicApp({ page }: RemoteAppProps<'mfe_public'>) {
  return <h1>public page {page}</h1>;
}

describe('RemoteArea', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows an accessible loading state, then the requested page of the remote', async () => {
    let resolve!: (component: typeof PublicApp) => void;
    const loader = jest.fn(() => new Promise((r) => (resolve = r))) as unknown as RemoteAppLoader;
    render(
      <RemoteLoaderProvider value={loader}>
        <RemoteArea remote="mfe_public" page="about" />
      </RemoteLoaderProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading this section');
    resolve(PublicApp);
    expect(await screen.findByRole('heading', { name: 'public page about' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mfe_public', { retry: false });
  });

  it('shows "This section is unavailable" when loading fails, and Retry really loads again', async () => {
    const loader = jest
      .fn()
      .mockRejectedValueOnce(new RemoteUnavailableError('mfe_public', 'manifest 404'))
      .mockResolvedValueOnce(PublicApp) as unknown as RemoteAppLoader;
    render(
      <RemoteLoaderProvider value={loader}>
        <p>header still here</p>
        <RemoteArea remote="mfe_public" page="home" />
      </RemoteLoaderProvider>,
    );

    expect(await screen.findByText('This section is unavailable')).toBeInTheDocument();
    expect(screen.getByText('header still here')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'public page home' })).toBeInTheDocument();
    expect(loader).toHaveBeenLastCalledWith('mfe_public', { retry: true });
    expect(screen.queryByText('This section is unavailable')).not.toBeInTheDocument();
  });

  it('contains a render error of the remote and recovers on Retry', async () => {
    let crash = true;
    function FlakyApp({ page }: RemoteAppProps<'mfe_dashboard'>) {
      if (crash) throw new Error('boom');
      return <h1>dashboard {page}</h1>;
    }
    const loader = jest.fn(async () => FlakyApp) as unknown as RemoteAppLoader;
    render(
      <RemoteLoaderProvider value={loader}>
        <RemoteArea remote="mfe_dashboard" page="dashboard" />
      </RemoteLoaderProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable');

    crash = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'dashboard dashboard' })).toBeInTheDocument();
  });
});
