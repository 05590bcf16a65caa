import { StrictMode, Suspense, type ComponentType, type JSX } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchPath, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { APP_ROUTES, type PageByRemote, type RemoteAppProps, type RemoteName } from '@healthlink/contracts';
import { Spinner } from '@healthlink/web-ui';

/** The one module a remote exposes (`<remote>/App`): renders the page the shell's route asks for. */
export function createRemoteApp<R extends RemoteName>(
  pages: Record<PageByRemote[R], ComponentType>,
): (props: RemoteAppProps<R>) => JSX.Element {
  return function RemoteApp({ page }: RemoteAppProps<R>): JSX.Element {
    const Page: ComponentType = pages[page];
    return (
      <Suspense
        fallback={
          <div className="hl-remote-loading" role="status">
            <Spinner label="Loading page" />
          </div>
        }
      >
        <Page />
      </Suspense>
    );
  };
}

/** Stand-alone dev mount of a remote (npm run dev): the page is chosen from the URL by the shared route table. */
export function mountStandalone<R extends RemoteName>(remote: R, RemoteApp: ComponentType<RemoteAppProps<R>>): void {
  function StandAlone() {
    const { pathname } = useLocation();
    const route = APP_ROUTES.find((r) => r.remote === remote && matchPath(r.path, pathname));
    if (!route)
      return (
        <p>
          No {remote} page at {pathname}.
        </p>
      );
    return <RemoteApp page={route.page as PageByRemote[R]} />;
  }

  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <BrowserRouter>
          <StandAlone />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
