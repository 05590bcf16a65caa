import { initFederation, prefetchSiteInfo, preloadRemoteFor } from '@healthlink/web-runtime';
import { httpsUrlFor } from './lib/https-redirect';

// Spec: an http page is redirected to https (except local development hosts).
const httpsUrl = httpsUrlFor(window.location);
if (httpsUrl) {
  window.location.replace(httpsUrl);
} else {
  // /remotes.json heads the chain that ends in the page's content: it is read, and the route's remote
  // and the site facts requested, now, while the shared libraries download, not after them.
  initFederation().catch((error: unknown) => console.error('[federation] /remotes.json could not be read', error));
  preloadRemoteFor(window.location.pathname);
  prefetchSiteInfo();
  // The async boundary: shared modules (React, the router...) are negotiated before bootstrap runs.
  import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}
