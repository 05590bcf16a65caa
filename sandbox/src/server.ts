import Fastify, { type FastifyInstance } from 'fastify';
import { escapeHtml } from './html';
import type { SandboxPartner } from './partner';

export async function buildSandbox(partners: readonly SandboxPartner[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });

  app.get('/health', async () => ({ status: 'ok', partners: partners.map((p) => p.prefix) }));

  app.get('/', async (_req, reply) => {
    const items = partners.length
      ? partners.map((p) => `<li><a href="${escapeHtml(p.prefix)}">${escapeHtml(p.prefix)}</a>: ${escapeHtml(p.description)}</li>`).join('')
      : '<li>No partner stand-ins are registered.</li>';
    reply.type('text/html; charset=utf-8');
    return (
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner sandbox</title></head>` +
      `<body><h1>Partner sandbox</h1><p>Local stand-ins for third-party partners, speaking their real protocols.</p>` +
      `<ul>${items}</ul></body></html>`
    );
  });

  for (const partner of partners) {
    await app.register(async (scope) => partner.register(scope), { prefix: partner.prefix });
  }
  app.addHook('onReady', async () => {
    for (const partner of partners) await partner.start?.();
  });
  app.addHook('onClose', async () => {
    for (const partner of partners) await partner.stop?.();
  });
  return app;
}
