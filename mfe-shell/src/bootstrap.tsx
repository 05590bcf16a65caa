import '@healthlink/web-ui/styles/base.css';
import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initFederation } from '@healthlink/web-runtime';
import { App } from './app/App';
import { BRAND } from './config/brand';

document.title = BRAND.productName;

// Registration runs alongside the first render; each remote area waits for it (and retries it).
initFederation().catch((error: unknown) => console.error('[federation] /remotes.json could not be read', error));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
