import { lazy, Suspense, useCallback, useContext, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageByRemote, RemoteAppProps, RemoteName } from '@healthlink/contracts';
import { Spinner } from '@healthlink/web-ui';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoaderContext } from './remote-loader-context';
import type { RemoteAppComponent } from './remote-loader';

type LazyRemoteApp = LazyExoticComponent<ComponentType<RemoteAppProps>>;

// One lazy component per load promise: remounting an area for a remote already loaded does not
// suspend again, and a Retry (a new promise) gets a fresh lazy whose failure is not remembered.
const lazyByPromise = new WeakMap<Promise<RemoteAppComponent>, LazyRemoteApp>();

function lazyFor(promise: Promise<RemoteAppComponent>): LazyRemoteApp {
  let component = lazyByPromise.get(promise);
  if (!component) {
    component = lazy(() => promise.then((App) => ({ default: App as ComponentType<RemoteAppProps> })));
    lazyByPromise.set(promise, component);
  }
  return component;
}

export interface RemoteAreaProps<R extends RemoteName> {
  remote: R;
  page: PageByRemote[R];
}

function RemoteLoading() {
  return (
    <div className="hl-remote-loading" role="status" aria-live="polite">
      <Spinner label="Loading this section" />
    </div>
  );
}

/** Renders one page of a remote; a failure stays inside this area and offers a working Retry. */
export function RemoteArea<R extends RemoteName>({ remote, page }: RemoteAreaProps<R>) {
  const load = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const promise = useMemo(() => {
    const loading = load(remote, { retry: attempt > 0 }) as Promise<RemoteAppComponent>;
    // The boundary reports a failure; this only keeps it from also being an unhandled rejection.
    loading.catch(() => undefined);
    return loading;
  }, [load, remote, attempt]);
  const RemoteApp = lazyFor(promise);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <RemoteErrorBoundary key={`${remote}:${attempt}`} resetKey={String(page)} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <RemoteApp page={page} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
