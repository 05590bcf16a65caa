import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { QueryFailedError } from 'typeorm';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { isDatabaseUnavailableError } from './service-unavailable';

const pgError = (code: string, message = 'server says no') => Object.assign(new Error(message), { code });
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const terminated = () => new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection due to administrator command'));

@Controller()
class DatabaseDownController {
  @Get('refused')
  refused(): never {
    throw refused();
  }

  @Get('terminated')
  terminated(): never {
    throw terminated();
  }

  @Get('syntax')
  syntax(): never {
    throw new QueryFailedError('SELEC 1', [], pgError('42601', 'syntax error'));
  }
}

@Module({ controllers: [DatabaseDownController] })
class DatabaseDownModule {}

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['connection refused', refused()],
    ['admin shutdown inside a QueryFailedError', terminated()],
    ['starting up (57P03)', pgError('57P03')],
    ['connection exception class 08', pgError('08006')],
    ['a dropped connection without a code', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['refused on every address', new AggregateError([refused(), refused()], '')],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a syntax error', pgError('42601')],
    ['a unique violation', new QueryFailedError('INSERT', [], pgError('23505'))],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});

describe('AllExceptionsFilter with the database down', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(DatabaseDownModule, new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app?.close());

  it.each(['/refused', '/terminated'])('answers %s with 503, Retry-After and the stable code, never the driver text', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 'SERVICE.UNAVAILABLE',
      message: "We can't reach our records right now. Please try again in a moment.",
      correlationId: expect.any(String),
    });
    expect(res.body).not.toMatch(/5432|administrator/);
  });

  it('keeps an error in the query itself a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/syntax' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
