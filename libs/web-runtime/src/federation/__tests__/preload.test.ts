import { buildUnsignedToken } from '../../session/unsigned-token';
import { TOKEN_KEY } from '../../session/session';
import { preloadRemoteFor, type RemoteAppLoader } from '../remote-loader';
import provideRuntimeCorePlugin, { RUNTIME_CORE_GLOBAL } from '../provide-runtime-core-plugin';

describe('preloadRemoteFor', () => {
  beforeEach(() => localStorage.clear());

  const loader = () => jest.fn(() => new Promise(() => undefined)) as unknown as jest.MockedFunction<RemoteAppLoader>;

  it('starts loading the remote that serves the path', () => {
    const load = loader();
    preloadRemoteFor('/contact', load);
    expect(load).toHaveBeenCalledWith('mfe_public');
  });

  it('does nothing for an unknown path, or a login-required one without a session', () => {
    const load = loader();
    preloadRemoteFor('/nowhere', load);
    preloadRemoteFor('/app/dashboard', load);
    expect(load).not.toHaveBeenCalled();

    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ exp: Math.floor(Date.now() / 1000) + 600 }));
    preloadRemoteFor('/app/dashboard', load);
    expect(load).toHaveBeenCalledWith('mfe_dashboard');
  });

  it('swallows a failed preload: the area that shows the remote reports it', async () => {
    const load = jest.fn().mockRejectedValue(new Error('down')) as unknown as RemoteAppLoader;
    expect(() => preloadRemoteFor('/', load)).not.toThrow();
    await Promise.resolve();
  });
});

describe('provideRuntimeCorePlugin', () => {
  it('hands remotes the runtime bindings before the federation starts', () => {
    const plugin = provideRuntimeCorePlugin();
    const args = { options: { name: 'mfe_shell' } };
    expect(plugin.beforeInit?.(args as never)).toBe(args);
    const provided = (globalThis as unknown as Record<string, Record<string, unknown>>)[RUNTIME_CORE_GLOBAL];
    for (const name of [
      'ModuleFederation',
      'Module',
      'getRemoteEntry',
      'setGlobalFederationInstance',
      'assert',
      'helpers',
      'CurrentGlobal',
    ]) {
      expect(provided[name]).toBeDefined();
    }
  });
});
