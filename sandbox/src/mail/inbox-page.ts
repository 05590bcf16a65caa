import { escapeHtml } from '../html';
import type { StoredMail } from './mail-store';

export function renderInbox(messages: StoredMail[], to?: string): string {
  const items = messages.length
    ? messages
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject || '(no subject)')}</h2>` +
            `<p class="meta">To ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · <time datetime="${m.date}">${escapeHtml(new Date(m.date).toUTCString())}</time></p>` +
            `<pre>${escapeHtml(m.text)}</pre></article>`,
        )
        .join('')
    : '<p>No messages yet. Mail sent by the product to the sandbox SMTP server appears here.</p>';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Sandbox inbox</title><style>body{font:18px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}` +
    `article{border:1px solid #888;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}.meta{color:#333}pre{white-space:pre-wrap;font:inherit}</style></head>` +
    `<body><h1>Sandbox inbox${to ? ` for ${escapeHtml(to)}` : ''}</h1><p><a href="/mail">All messages</a> · <a href="">Refresh</a> · ${messages.length} message(s)</p>${items}</body></html>`
  );
}
