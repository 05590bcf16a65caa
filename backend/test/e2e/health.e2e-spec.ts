import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createTestApp } from '../utils/test-app';

describe('GET /api/health', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('is public and reports the database up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('answers 503 naming the database, with Retry-After and without internals, when the database is unreachable', async () => {
    const dataSource = app.get(DataSource);
    const query = jest.spyOn(dataSource, 'query').mockRejectedValue(new Error('connection refused at 10.0.0.7'));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        down: ['database'],
        code: 'SERVICE.UNAVAILABLE',
        message: "We can't reach our records right now. Please try again in a moment.",
      });
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).not.toContain('10.0.0.7');
    } finally {
      query.mockRestore();
    }
  });
});
