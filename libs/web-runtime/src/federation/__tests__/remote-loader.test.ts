import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { initFederation, loadRemoteApp, RemoteUnavailableError, resetRemoteLoader } from '../remote-loader';
import { unavailableResult } from '../unavailable-result';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const loadRemoteMock = jest.mocked(loadRemote);
const registerRemotesMock = jest.mocked(registerRemotes);
const fetchMock = jest.fn();
const manifest = { mfe_public: '/remotes/mfe_public/0.1.0/mf-manifest.json' };
const PublicApp = () => null;

function manifestResponse(body: unknown, status = 200): Response {
  return { ok: status === 200, status, json: async () => body } as Response;
}

describe('remote loader', () => {
  beforeEach(() => {
    resetRemoteLoader();
    jest.clearAllMocks();
    globalThis.fetch = fetchMock;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('reads /remotes.json without the HTTP cache and registers each remote', async () => {
    fetchMock.mockResolvedValue(manifestResponse(manifest));
    await initFederation();
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mfe_public', entry: manifest.mfe_public }], { force: false });
  });

  it('loads <name>/App once and returns its default export', async () => {
    fetchMock.mockResolvedValue(manifestResponse(manifest));
    loadRemoteMock.mockResolvedValue({ default: PublicApp });
    await expect(loadRemoteApp('mfe_public')).resolves.toBe(PublicApp);
    await loadRemoteApp('mfe_public');
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
    expect(loadRemoteMock).toHaveBeenCalledWith('mfe_public/App');
  });

  it('retries once by itself, then rejects; a later Retry starts over with a fresh remotes.json', async () => {
    fetchMock.mockResolvedValue(manifestResponse({}, 404));
    const failure = loadRemoteApp('mfe_public', { autoRetryDelayMs: 0 });
    await expect(failure).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockResolvedValue(manifestResponse(manifest));
    loadRemoteMock.mockResolvedValue({ default: PublicApp });
    await expect(loadRemoteApp('mfe_public', { retry: true })).resolves.toBe(PublicApp);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('treats the errorLoadRemote plugin result as unavailable and re-registers with force on Retry', async () => {
    fetchMock.mockResolvedValue(manifestResponse(manifest));
    loadRemoteMock.mockResolvedValue(unavailableResult('mfe_public/App', new Error('RUNTIME-003')));
    await expect(loadRemoteApp('mfe_public', { autoRetryDelayMs: 0 })).rejects.toThrow('mfe_public could not be loaded');

    loadRemoteMock.mockResolvedValue({ default: PublicApp });
    await expect(loadRemoteApp('mfe_public', { retry: true })).resolves.toBe(PublicApp);
    expect(registerRemotesMock).toHaveBeenLastCalledWith([{ name: 'mfe_public', entry: manifest.mfe_public }], { force: true });
  });

  it('rejects for a remote that remotes.json does not list', async () => {
    fetchMock.mockResolvedValue(manifestResponse({}));
    await expect(loadRemoteApp('mfe_debug', { autoRetryDelayMs: 0 })).rejects.toThrow('mfe_debug is not listed in remotes.json');
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });
});
