import { InsurersErrorCode } from '@healthlink/contracts';
import { BadRequestException, Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { resolveCorrelationId } from '../http/correlation-id';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { QueryFailedError } from 'typeorm';
import { AppError } from './app-error';

const SECRET_TEXT = 'password=hunter2 at db.internal:5432';
const PHI_MARKER = '555-0199 12 Elm Street';

/** What TypeORM throws for a failed query: the SQL and its parameters on it, node-postgres' error inside. */
function queryFailed(sqlState: string, message: string, detail?: string): QueryFailedError {
  const driverError = Object.assign(new Error(message), { code: sqlState, severity: 'ERROR', detail });
  return new QueryFailedError('INSERT INTO patient_info (phone, address) VALUES ($1, $2)', ['555-0199', PHI_MARKER], driverError);
}

@Controller()
class ThrowingController {
  @Get('boom')
  boom(): never {
    throw new Error(SECRET_TEXT);
  }

  @Get('app-error')
  appError(): never {
    throw new AppError(InsurersErrorCode.NotLinked, 409, 'Not linked');
  }

  @Get('http')
  http(): never {
    throw new BadRequestException('Bad input');
  }

  @Get('db-unique')
  dbUnique(): never {
    const detail = `Key (address)=(${PHI_MARKER}) already exists.`;
    throw queryFailed('23505', 'duplicate key value violates unique constraint "patient_info_pkey"', detail);
  }

  @Get('db-nul')
  dbNul(): never {
    throw queryFailed('22021', 'invalid byte sequence for encoding "UTF8": 0x00');
  }

  @Get('db-syntax')
  dbSyntax(): never {
    throw queryFailed('22P02', `invalid input syntax for type uuid: "${PHI_MARKER}"`);
  }
}

@Module({ controllers: [ThrowingController] })
class ThrowingModule {}

describe('AllExceptionsFilter', () => {
  let app: NestFastifyApplication;
  const logged: unknown[] = [];
  const warned: unknown[] = [];

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ThrowingModule, new FastifyAdapter({ genReqId: resolveCorrelationId }), {
      logger: {
        log: () => undefined,
        warn: (...args: unknown[]) => warned.push(args),
        error: (...args: unknown[]) => logged.push(args),
      } as never,
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
    expect(res.json()).toEqual({ code: 'INSURERS.NOT_LINKED', message: 'Not linked' });
  });

  it('keeps the status of a Nest HttpException', async () => {
    const res = await app.inject({ method: 'GET', url: '/http' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'REQUEST.BAD_REQUEST', message: 'Bad input' });
  });

  it('logs a failed query without its SQL, parameters or row details, keeping its type and SQLSTATE', async () => {
    const res = await app.inject({ method: 'GET', url: '/db-unique', headers: { 'x-correlation-id': 'db-unique-1' } });
    expect(res.statusCode).toBe(500);
    const entry = JSON.stringify(logged.filter((args) => JSON.stringify(args).includes('db-unique-1')));
    expect(entry).toContain('QueryFailedError');
    expect(entry).toContain('23505');
    expect(entry).not.toContain('555-0199');
    expect(entry).not.toContain('Elm Street');
    expect(entry).not.toContain('INSERT INTO');
  });

  it.each([
    ['/db-nul', 'A text value contains a character that cannot be stored (such as a NUL character)'],
    ['/db-syntax', 'A value has the wrong format'],
  ])('answers 400 REQUEST.INVALID_VALUE when the database refuses a value (%s), logging only its SQLSTATE', async (url, message) => {
    warned.length = 0;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'REQUEST.INVALID_VALUE', message });
    expect(warned).toHaveLength(1);
    expect(JSON.stringify(warned)).not.toContain('Elm Street');
  });
});
