import { Suspense, type JSX } from 'react';
import type { RemoteAppProps } from '@healthlink/contracts';
import { Spinner } from '@healthlink/web-ui';
import { pages, preloadPageFor } from './app/routes';

// This module is evaluated as soon as the shell starts loading this remote for the first route: the
// page's own chunk starts downloading now instead of after the shell has rendered.
preloadPageFor(window.location.pathname);

/** The one exposed module (`mfe_public/App`): renders the page the shell's route asks for. */
export default function RemoteApp({ page }: RemoteAppProps<'mfe_public'>): JSX.Element {
  const Page = pages[page];
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
}
