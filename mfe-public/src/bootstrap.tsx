import '@healthlink/web-ui/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, matchPath } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { APP_ROUTES, type PageByRemote } from '@healthlink/contracts';
import RemoteApp from './remote-entry';

// Stand-alone dev mount (npm run dev): the page is chosen from the URL by the shared route table.
function StandAlone() {
  const { pathname } = useLocation();
  const route = APP_ROUTES.find((r) => r.remote === 'mfe_public' && matchPath(r.path, pathname));
  if (!route) return <p>No mfe_public page at {pathname}.</p>;
  return <RemoteApp page={route.page as PageByRemote['mfe_public']} />;
}

const root = document.getElementById('root');
if (root) {
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
