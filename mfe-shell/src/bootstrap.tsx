import '@healthlink/web-ui/styles/base.css';
import './app/shell.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_PRODUCT_NAME } from '@healthlink/web-runtime';
import { App } from './app/App';

document.title = DEFAULT_PRODUCT_NAME;

const root = document.getElementById('root');
if (root) {
  // A transition: React renders the first screen in small slices, leaving the browser free to respond
  // between them (no long task while the shell and the page mount).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
