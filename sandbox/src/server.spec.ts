import type { SandboxPartner } from './partner';
import { buildSandbox } from './server';

describe('sandbox server', () => {
  it('serves each partner under its prefix, lists them, and runs their start/stop hooks', async () => {
    const calls: string[] = [];
    const partner: SandboxPartner = {
      prefix: '/echo',
      description: 'test partner <b>',
      register: async (app) => {
        app.get('/ping', async () => ({ pong: true }));
      },
      start: async () => void calls.push('start'),
      stop: async () => void calls.push('stop'),
    };
    const app = await buildSandbox([partner]);
    try {
      await app.ready();
      expect(calls).toEqual(['start']);
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', partners: ['/echo'] });

      expect((await app.inject({ method: 'GET', url: '/echo/ping' })).json()).toEqual({ pong: true });

      const index = await app.inject({ method: 'GET', url: '/' });
      expect(index.headers['content-type']).toContain('text/html');
      expect(index.body).toContain('test partner &lt;b&gt;');
    } finally {
      await app.close();
    }
    expect(calls).toEqual(['start', 'stop']);
  });
});
