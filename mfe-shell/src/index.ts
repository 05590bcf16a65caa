import { httpsUrlFor } from './lib/https-redirect';

// Spec: an http page is redirected to https (except local development hosts).
const httpsUrl = httpsUrlFor(window.location);
if (httpsUrl) {
  window.location.replace(httpsUrl);
} else {
  // The async boundary: shared modules (React, the router...) are negotiated before bootstrap runs.
  import('./bootstrap');
}
