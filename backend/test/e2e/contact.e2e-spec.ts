import { ContactTexts } from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { mailTo } from '../utils/mail-catcher';
import { pollUntil } from '../utils/poll';
import { createTestApp, dataSourceOf } from '../utils/test-app';
import { anIPv6 } from '../utils/addresses';

describe('contact: POST /api/contactUs, GET /api/siteInfo', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  let ip = '';
  beforeEach(() => {
    ip = anIPv6();
  });
  const send = (payload: object) => app.inject({ method: 'POST', url: '/api/contactUs', payload, headers: { 'x-forwarded-for': ip } });

  it('stores the message and e-mails a copy to the support address', async () => {
    const email = `writer.${randomUUID().slice(0, 8)}@example.com`;
    const res = await send({ name: 'Grace', email, phoneNumber: '5550100', message: 'Can you add my plan?' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message received' });
    const [row] = await dataSourceOf(app).query('SELECT name, email, phone_number, message FROM contact_messages WHERE email = $1', [
      email,
    ]);
    expect(row).toEqual({ name: 'Grace', email, phone_number: '5550100', message: 'Can you add my plan?' });
    const copies = await pollUntil(
      async () => mailTo('care@healthlink.test').filter((m) => m.text.includes(email)),
      (m) => m.length > 0,
    );
    expect(copies[0].text).toContain('Can you add my plan?');
  });

  it.each([
    [{ message: 'Hello' }, 'email', ContactTexts.emailRequired],
    [{ email: 'nope', message: 'Hello' }, 'email', ContactTexts.invalidEmail],
    [{ email: 'a@example.com', message: '  ' }, 'message', ContactTexts.messageRequired],
    [{ email: 'a@example.com', message: 'x'.repeat(251) }, 'message', ContactTexts.messageTooLong],
  ])('refuses %j with 400 on %s', async (payload, field, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
  });

  it('accepts exactly 250 characters, and limits messages per address with 429', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send({ email: 'a@example.com', message: 'y'.repeat(250) })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('tells the pages the product name and contact points from configuration', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/siteInfo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ productName: 'HealthLink', supportEmail: 'care@healthlink.test', brokerPhone: expect.any(String) });
    expect(res.json().socialLinks).toHaveLength(2);
  });
});

describe('analytics: POST /api/analytics/events', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const send = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/analytics/events', payload, headers: { 'x-forwarded-for': '2001:db8::a1', ...headers } });

  it('stores category, action and the path without its query string or fragment, and no user', async () => {
    const action = `view-${randomUUID().slice(0, 8)}`;
    const res = await send({ category: 'navigation', action, path: '/healthHistory?search=diabetes#top' });
    expect(res.statusCode).toBe(204);
    const rows = await dataSourceOf(app).query('SELECT * FROM analytics_events WHERE action = $1', [action]);
    expect(rows).toHaveLength(1);
    expect(rows[0].path).toBe('/healthHistory');
    expect(Object.keys(rows[0]).sort()).toEqual(['action', 'category', 'created_at', 'id', 'path']);
  });

  it.each([
    [{ action: 'a', path: '/' }, 'category'],
    [{ category: 'c', action: 'a', path: 'https://elsewhere.example/x' }, 'path'],
    [{ category: 'c', action: 'a', path: '/', userId: 'u1' }, 'userId'],
  ])('refuses %j with 400 on %s', async (payload, field) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });
});
