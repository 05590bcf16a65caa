import Fastify, { type FastifyInstance } from 'fastify';
import { registerServerTiming, serverTimingOf } from './server-timing';

describe('registerServerTiming', () => {
  let fastify: FastifyInstance;

  beforeAll(async () => {
    fastify = Fastify();
    registerServerTiming(fastify, '/api');
    fastify.get('/api/drugInteractions', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { interactions: [] };
    });
    fastify.get('/api', async () => ({}));
    fastify.post('/api/login', async () => ({}));
    fastify.get('/apidocs', async () => ({}));
    fastify.get('/app/dashboard', async () => 'page');
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  const timingOf = async (method: 'GET' | 'POST', url: string) => (await fastify.inject({ method, url })).headers['server-timing'];

  it("times an API read from its arrival to its answer (the handler's 20 ms at least)", async () => {
    const header = await timingOf('GET', '/api/drugInteractions?x=1');
    expect(header).toMatch(/^app;dur=\d+\.\d{2}$/);
    expect(Number(String(header).split('=')[1])).toBeGreaterThanOrEqual(19);
    expect(await timingOf('GET', '/api')).toMatch(/^app;dur=/);
  });

  it('leaves writes (sign-in, codes), paths outside the API and look-alike prefixes untimed', async () => {
    expect(await timingOf('POST', '/api/login')).toBeUndefined();
    expect(await timingOf('GET', '/apidocs')).toBeUndefined();
    expect(await timingOf('GET', '/app/dashboard')).toBeUndefined();
  });

  it('writes milliseconds with two decimals', () => {
    expect(serverTimingOf(3.14159)).toBe('app;dur=3.14');
    expect(serverTimingOf(0)).toBe('app;dur=0.00');
  });
});
