import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestApp } from '../utils/test-app';

describe('GET /api/pingServer', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('answers pong without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pingServer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'pong' });
  });

  it('sends the security headers and a correlation id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pingServer', headers: { 'x-request-id': 'req-abc-123' } });
    expect(res.headers['x-correlation-id']).toBe('req-abc-123');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with the JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/noSuchThing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'REQUEST.NOT_FOUND', message: 'Not found' });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs-json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/pingServer', '/api/errors/log']));
  });
});
