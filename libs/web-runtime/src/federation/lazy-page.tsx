import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy for a page chunk whose failure is not remembered: React.lazy keeps a rejected import
 * for good, so after a failed chunk the next render (a Retry in the shell's RemoteArea) starts a
 * fresh import instead of re-throwing the old error.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Current: LazyExoticComponent<ComponentType<P>>;
  const create = () =>
    lazy(() =>
      load().then(
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
  return LazyPage;
}
