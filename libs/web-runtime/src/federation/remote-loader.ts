import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { routeForPath, type RemoteAppProps, type RemoteName, type RemotesManifest } from '@healthlink/contracts';
import { isLoggedIn } from '../session/session';
import { isUnavailableResult } from './unavailable-result';

export const REMOTES_MANIFEST_URL = '/remotes.json';

export type RemoteAppComponent<R extends RemoteName = RemoteName> = ComponentType<RemoteAppProps<R>>;

export interface LoadRemoteOptions {
  /** Set by a Retry: re-reads remotes.json and re-registers the remote, dropping runtime caches. */
  retry?: boolean;
  /** Pause before the one automatic retry (first fallback layer). */
  autoRetryDelayMs?: number;
}

const AUTO_RETRY_DELAY_MS = 1000;

export type RemoteAppLoader = <R extends RemoteName>(remote: R, options?: LoadRemoteOptions) => Promise<RemoteAppComponent<R>>;

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  readonly remote: RemoteName | 'manifest';
  constructor(remote: RemoteName | 'manifest', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.remote = remote;
  }
}

let manifestPromise: Promise<RemotesManifest> | null = null;
const appPromises = new Map<RemoteName, Promise<RemoteAppComponent>>();
const registeredEntries = new Map<RemoteName, string>();
const failedRemotes = new Set<RemoteName>();

async function fetchManifest(url: string): Promise<RemotesManifest> {
  // no-store: releasing or rolling back a remote is an edit of this file, never a shell rebuild.
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new RemoteUnavailableError('manifest', `${url} answered ${response.status}`);
  const json: unknown = await response.json();
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RemoteUnavailableError('manifest', `${url} is not an object of remote URLs`);
  }
  return Object.fromEntries(
    Object.entries(json).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ) as RemotesManifest;
}

/** The contents of /remotes.json, fetched once; a failed fetch is forgotten so the next call retries. */
export function loadRemotesManifest(url: string = REMOTES_MANIFEST_URL): Promise<RemotesManifest> {
  if (!manifestPromise) {
    const promise = fetchManifest(url);
    manifestPromise = promise;
    promise.catch(() => {
      if (manifestPromise === promise) manifestPromise = null;
    });
  }
  return manifestPromise;
}

function register(remote: RemoteName, entry: string, force: boolean): void {
  if (!force && registeredEntries.get(remote) === entry) return;
  registerRemotes([{ name: remote, entry }], { force: registeredEntries.has(remote) });
  registeredEntries.set(remote, entry);
}

/** Start-up: reads /remotes.json and registers every remote it names with the federation runtime. */
export async function initFederation(url: string = REMOTES_MANIFEST_URL): Promise<RemotesManifest> {
  const manifest = await loadRemotesManifest(url);
  for (const [remote, entry] of Object.entries(manifest) as [RemoteName, string][]) register(remote, entry, false);
  return manifest;
}

async function importRemoteApp(remote: RemoteName, force: boolean): Promise<RemoteAppComponent> {
  const manifest = await loadRemotesManifest();
  const entry = manifest[remote];
  if (!entry) throw new RemoteUnavailableError(remote, `${remote} is not listed in remotes.json`);
  register(remote, entry, force);

  let module: unknown;
  try {
    module = await loadRemote(`${remote}/App`);
  } catch (cause) {
    throw new RemoteUnavailableError(remote, `${remote} could not be loaded`, { cause });
  }
  if (isUnavailableResult(module)) {
    throw new RemoteUnavailableError(remote, `${remote} could not be loaded`, { cause: module.error });
  }
  const component = (module as { default?: unknown } | null)?.default;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new RemoteUnavailableError(remote, `${remote}/App has no default export`);
  }
  return component as RemoteAppComponent;
}

/**
 * The remote's exposed `./App`, loaded once and shared by every area that shows it. A failure is
 * not cached: the next call (a Retry) reads remotes.json again and re-registers the remote.
 */
export const loadRemoteApp: RemoteAppLoader = <R extends RemoteName>(remote: R, options: LoadRemoteOptions = {}) => {
  const cached = appPromises.get(remote);
  if (cached && !options.retry) return cached as Promise<RemoteAppComponent<R>>;

  const force = options.retry === true || failedRemotes.has(remote);
  if (force) manifestPromise = null;
  const delayMs = options.autoRetryDelayMs ?? AUTO_RETRY_DELAY_MS;
  // First layer: one quiet retry (a deploy in progress, a dropped connection) before the fallback.
  const promise = importRemoteApp(remote, force).catch(async () => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    manifestPromise = null;
    return importRemoteApp(remote, true);
  });
  appPromises.set(remote, promise);
  promise.then(
    () => failedRemotes.delete(remote),
    () => {
      failedRemotes.add(remote);
      if (appPromises.get(remote) === promise) appPromises.delete(remote);
    },
  );
  return promise as Promise<RemoteAppComponent<R>>;
};

/**
 * Start-up: starts loading the remote that will render this pathname, so its manifest, entry and first
 * chunks download while the shell's own libraries do (the area that shows it reuses the same load).
 * Nothing for a login-required page without a session: that visitor is sent to / instead.
 */
export function preloadRemoteFor(pathname: string, load: RemoteAppLoader = loadRemoteApp): void {
  const route = routeForPath(pathname);
  if (!route || (route.access === 'login' && !isLoggedIn())) return;
  load(route.remote).catch(() => undefined);
}

/** Test helper: forgets every cached manifest, registration and module. */
export function resetRemoteLoader(): void {
  manifestPromise = null;
  appPromises.clear();
  registeredEntries.clear();
  failedRemotes.clear();
}
