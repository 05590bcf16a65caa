import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bearer, createTestApp, tokenFor } from '../utils/test-app';

const JSON_ONLY = {
  code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  message: 'Unsupported content type: the API accepts JSON bodies only (Content-Type: application/json)',
};

describe('HTTP policy of the API', () => {
  let app: NestFastifyApplication;
  let address = 0;
  const from = () => ({ 'x-forwarded-for': `10.79.0.${(address += 1)}` });

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  describe('bodies are JSON only', () => {
    it.each([
      ['application/x-www-form-urlencoded', 'category=navigation&action=page_view&path=%2Fabout'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="category"\r\n\r\nnavigation\r\n--xyz--\r\n'],
      ['text/plain', 'category=navigation'],
    ])('answers 415 to %s, saying what to send', async (contentType, payload) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        headers: { ...from(), 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(JSON_ONLY);
    });

    it('still takes the same event as JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        headers: from(),
        payload: { category: 'navigation', action: 'page_view', path: '/about' },
      });
      expect(res.statusCode).toBe(204);
    });
  });

  describe('Cache-Control', () => {
    it('keeps personal data out of shared caches: signed-in reads are private and revalidated, the rest no-store', async () => {
      const { token } = await tokenFor(app);
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) }),
        app.inject({ method: 'GET', url: '/api/patientInfo', headers: bearer(token) }),
        app.inject({ method: 'GET', url: '/api/user' }),
        app.inject({ method: 'GET', url: '/api/noSuchThing' }),
        app.inject({ method: 'POST', url: '/api/login', headers: from(), payload: { email: 'nobody@example.com', password: 'x' } }),
      ]);
      expect(answers.map((res) => [res.statusCode, res.headers['cache-control']])).toEqual([
        [200, 'private, no-cache'],
        [200, 'private, no-cache'],
        [401, 'no-store'],
        [404, 'no-store'],
        [expect.any(Number), 'no-store'],
      ]);
    });

    it('keeps the public site info cacheable', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/siteInfo' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    });
  });

  describe('API documentation', () => {
    it('is served outside production by default', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/docs-json' });
      expect(res.statusCode).toBe(200);
    });

    it('is not served when API_DOCS=false', async () => {
      const closed = await createTestApp({ API_DOCS: 'false' });
      try {
        const [json, ui] = await Promise.all([
          closed.inject({ method: 'GET', url: '/api/docs-json' }),
          closed.inject({ method: 'GET', url: '/api/docs' }),
        ]);
        expect([json.statusCode, ui.statusCode]).toEqual([404, 404]);
        expect(json.json()).toEqual({ code: 'REQUEST.NOT_FOUND', message: 'Not found' });
      } finally {
        await closed.close();
      }
    });
  });
});
