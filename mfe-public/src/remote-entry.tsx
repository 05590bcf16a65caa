import { createRemoteApp } from '@healthlink/web-runtime';
import { pages, preloadPageFor } from './app/routes';

// This module is evaluated as soon as the shell starts loading this remote for the first route: the
// page's own chunk starts downloading now instead of after the shell has rendered.
preloadPageFor(window.location.pathname);

/** The one exposed module (`mfe_public/App`). */
export default createRemoteApp<'mfe_public'>(pages);
