import { AuthErrorCode, CommonErrorCode, PollingErrorCode } from '@healthlink/contracts';
import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  ForbiddenException,
  Get,
  HttpException,
  Module,
  Param,
  Post,
  UnauthorizedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsString } from 'class-validator';
import type { InjectOptions } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { MAX_INPUT_DEPTH, registerHostileInputGuard } from '../http/hostile-input';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { AppError } from './app-error';
import { createValidationPipe } from './validation';

const BODY_LIMIT_BYTES = 1024;

type Probe = { status: number; request: InjectOptions } | { status: number; thrown: () => unknown };

const postJson = (payload: string, contentType = 'application/json'): InjectOptions => ({
  method: 'POST',
  url: '/echo',
  headers: { 'content-type': contentType },
  payload,
});

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { child: value };
  return value;
}

// `satisfies Record<CommonErrorCode, ...>`: a code added to the union without a probe here does not compile.
const PROBES = {
  [CommonErrorCode.ValidationFailed]: { status: 400, request: postJson(JSON.stringify({ name: 42 })) },
  [CommonErrorCode.MalformedJson]: { status: 400, request: postJson('{"name":') },
  [CommonErrorCode.PayloadTooLarge]: { status: 413, request: postJson(JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) })) },
  [CommonErrorCode.UnsupportedMediaType]: { status: 415, request: postJson('name', 'text/plain') },
  [CommonErrorCode.NestingTooDeep]: { status: 400, request: postJson(JSON.stringify(nested(MAX_INPUT_DEPTH + 1))) },
  [CommonErrorCode.InvalidValue]: {
    status: 400,
    thrown: () => new QueryFailedError('SELECT $1::uuid', ['x'], Object.assign(new Error('invalid input syntax'), { code: '22P02' })),
  },
  [CommonErrorCode.BadRequest]: { status: 400, thrown: () => new BadRequestException('Bad input') },
  [CommonErrorCode.Invalid]: { status: 422, thrown: () => new UnprocessableEntityException() },
  [CommonErrorCode.NotFound]: { status: 404, request: { method: 'GET', url: '/nowhere' } },
  [CommonErrorCode.MethodNotAllowed]: { status: 405, thrown: () => new HttpException('Method not allowed', 405) },
  [CommonErrorCode.Conflict]: { status: 409, thrown: () => new ConflictException() },
  [CommonErrorCode.Unauthorized]: { status: 401, thrown: () => new UnauthorizedException() },
  [CommonErrorCode.Forbidden]: { status: 403, thrown: () => new ForbiddenException() },
  [CommonErrorCode.TooManyRequests]: { status: 429, thrown: () => new HttpException('Too many', 429) },
  [CommonErrorCode.Internal]: { status: 500, thrown: () => new Error('boom') },
  [CommonErrorCode.ServiceUnavailable]: {
    status: 503,
    thrown: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  },
} satisfies Record<CommonErrorCode, Probe>;

const probes: Record<string, Probe> = PROBES;

class EchoRequest {
  @IsString()
  name!: string;
}

@Controller()
class ProbeController {
  @Post('echo')
  echo(@Body() body: EchoRequest): EchoRequest {
    return body;
  }

  @Get('throw/:code')
  throwFor(@Param('code') code: string): never {
    const probe = probes[code];
    throw probe && 'thrown' in probe ? probe.thrown() : new Error(`no thrower for ${code}`);
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('CommonErrorCode', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES }), {
      logger: false,
      bodyParser: false,
    });
    const fastify = app.getHttpAdapter().getInstance();
    fastify.removeContentTypeParser('text/plain');
    registerHostileInputGuard(fastify);
    app.useGlobalFilters(new AllExceptionsFilter());
    app.useGlobalPipes(createValidationPipe());
    await app.init();
    await fastify.ready();
  });
  afterAll(() => app?.close());

  it.each(Object.entries(probes))('the filter answers %s', async (code, probe) => {
    const request = 'request' in probe ? probe.request : { method: 'GET' as const, url: `/throw/${code}` };
    const res = await app.inject(request);
    expect(res.statusCode).toBe(probe.status);
    expect(res.json().code).toBe(code);
  });

  it('types AppError by the contracts unions, so a misspelt or foreign code does not compile', () => {
    // @ts-expect-error a code in no union of libs/contracts
    const misspelt = new AppError('POLLING.NOT_FOUNDD', 404, 'Polling event not found');
    // @ts-expect-error a module's error takes its own codes only
    const foreign = new AppError<PollingErrorCode>(AuthErrorCode.Validation, 400, 'Invalid');
    const typed = new AppError<PollingErrorCode>(PollingErrorCode.NotFound, 404, 'Polling event not found');
    expect([misspelt.code, foreign.code, typed.code]).toEqual(['POLLING.NOT_FOUNDD', 'AUTH.VALIDATION', 'POLLING.NOT_FOUND']);
  });
});
