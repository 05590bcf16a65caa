import { BadRequestException, Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { resolveCorrelationId } from '../http/correlation-id';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { AppError } from './app-error';

const SECRET_TEXT = 'password=hunter2 at db.internal:5432';

@Controller()
class ThrowingController {
  @Get('boom')
  boom(): never {
    throw new Error(SECRET_TEXT);
  }

  @Get('app-error')
  appError(): never {
    throw new AppError('PLANS.NOT_ELIGIBLE', 409, 'Not eligible');
  }

  @Get('http')
  http(): never {
    throw new BadRequestException('Bad input');
  }
}

@Module({ controllers: [ThrowingController] })
class ThrowingModule {}

describe('AllExceptionsFilter', () => {
  let app: NestFastifyApplication;
  const logged: unknown[] = [];

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ThrowingModule, new FastifyAdapter({ genReqId: resolveCorrelationId }), {
      logger: { log: () => undefined, warn: () => undefined, error: (...args: unknown[]) => logged.push(args) } as never,
    });
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app?.close());

  it('answers 500 with a correlation id, logs the stack and never echoes the internal text', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ code: 'INTERNAL.UNEXPECTED', message: 'Internal server error', correlationId: expect.any(String) });
    expect(res.headers['x-correlation-id']).toBe(body.correlationId);
    expect(res.body).not.toContain('hunter2');
    expect(JSON.stringify(logged)).toContain(body.correlationId);
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('uses the incoming x-correlation-id', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-correlation-id': 'trace-42' } });
    expect(res.json().correlationId).toBe('trace-42');
  });

  it('passes an AppError through as data', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'PLANS.NOT_ELIGIBLE', message: 'Not eligible' });
  });

  it('keeps the status of a Nest HttpException', async () => {
    const res = await app.inject({ method: 'GET', url: '/http' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'REQUEST.BAD_REQUEST', message: 'Bad input' });
  });
});
