import { Suspense, type JSX } from 'react';
import type { RemoteAppProps } from '@healthlink/contracts';
import { Spinner } from '@healthlink/web-ui';
import { pages } from './app/routes';

/** The one exposed module (`mfe_dashboard/App`): renders the page the shell's route asks for. */
export default function RemoteApp({ page }: RemoteAppProps<'mfe_dashboard'>): JSX.Element {
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
