import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded page that can also be asked to start loading before it renders. */
export type LazyPageComponent<P extends object> = ComponentType<P> & { preload: () => void };

/**
 * React.lazy for a page chunk whose failure is not remembered: React.lazy keeps a rejected import
 * for good, so after a failed chunk the next render (a Retry in the shell's RemoteArea) starts a
 * fresh import instead of re-throwing the old error. `preload()` starts the import early (the render
 * then reuses it); a failed preload is forgotten the same way.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPageComponent<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
  let Current: LazyExoticComponent<ComponentType<P>>;
  const create = () =>
    lazy(() =>
      start().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          Current = create();
          throw error;
        },
      ),
    );
  Current = create();
  function LazyPage(props: P) {
    return <Current {...props} />;
  }
  LazyPage.preload = () => {
    start().catch(() => undefined);
  };
  return LazyPage;
}
