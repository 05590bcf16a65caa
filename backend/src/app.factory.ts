import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from './app.module';
import { AllExceptionsFilter, createValidationPipe, NotFoundFallback } from './common/errors';
import { resolveCorrelationId } from './common/http/correlation-id';
import { registerConditionalGet } from './common/http/etag';
import { registerHostileInputGuard } from './common/http/hostile-input';
import { registerNoStoreForApi } from './common/http/no-store';
import { registerPublicPostFastPath } from './common/http/public-post-fast-path';
import { registerReadCacheFastPath } from './common/http/read-cache-fast-path';
import { UserReadCache } from './common/http/read-cache';
import { APP_HELMET_OPTIONS, registerSecurityHeaders, securityHeadersOf } from './common/http/security-headers';
import { registerServerTiming } from './common/http/server-timing';
import type { AppConfig } from './config';
import { bearerTokenOf, JwtStrategy } from './modules/auth';
import { DrugsService } from './modules/pricing';
import { registerWebRoot } from './web';

export const API_PREFIX = 'api';

/** The HTTP application (roles 'all' and 'api'), initialised but not listening. */
export async function createHttpApp(config: AppConfig, options: AppModuleOptions = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.http.bodyLimitBytes,
    trustProxy: config.http.trustProxy,
    genReqId: resolveCorrelationId,
  });
  // bodyParser: false keeps Nest from adding its urlencoded parser: Fastify's own JSON parser is the only one.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, {
    bufferLogs: true,
    bodyParser: false,
    // A start-up failure reaches main.ts, which ends with one paragraph (not Nest's process.exit and stack trace).
    abortOnError: false,
    autoFlushLogs: false,
  });
  app.useLogger(app.get(Logger));
  app.flushLogs();
  const fastify = app.getHttpAdapter().getInstance();
  // The API speaks JSON only: any other body type is 415, not a string handed to validation.
  fastify.removeContentTypeParser('text/plain');
  // First, so every other hook's time is in the reads' Server-Timing.
  registerServerTiming(fastify, `/${API_PREFIX}`);
  // NUL, unpaired surrogates and deep nesting are refused before guards, pipes and the database see them.
  registerHostileInputGuard(fastify);
  // Before the no-store default: the signed-in caller's JSON reads are private and revalidated by ETag instead.
  registerConditionalGet(fastify, `/${API_PREFIX}`);
  registerNoStoreForApi(fastify, `/${API_PREFIX}`);

  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-correlation-id', request.id);
    done();
  });
  // @fastify/helmet's headers, computed once from the plugin itself rather than on every request.
  registerSecurityHeaders(fastify, await securityHeadersOf(APP_HELMET_OPTIONS));
  // A member's repeated read answered from memory before Nest's pipeline, after the guard's in-memory token and
  // session check (a token or session not known in memory goes to Nest's guard).
  const strategy = app.get(JwtStrategy);
  registerReadCacheFastPath(fastify, {
    prefix: `/${API_PREFIX}`,
    cache: app.get(UserReadCache),
    bearerTokenOf,
    knownUser: (token) => strategy.knownUser(token),
  });
  // The public drug name search (cached answers) before Nest's pipeline; anything else it leaves to Nest.
  const drugs = app.get(DrugsService);
  registerPublicPostFastPath(fastify, { url: `/${API_PREFIX}/drugLookup`, answer: (body, ip) => drugs.lookupByName(body, ip) });

  let notFoundFallback: NotFoundFallback | undefined;
  if (config.web.root) notFoundFallback = await registerWebRoot(fastify, config.web.root);

  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new AllExceptionsFilter(notFoundFallback));
  app.useGlobalPipes(createValidationPipe());

  // Off in production unless API_DOCS=true: the document maps every route for whoever asks.
  if (config.http.apiDocs) SwaggerModule.setup(`${API_PREFIX}/docs`, app, createOpenApiDocument(app));

  await app.init();
  await fastify.ready();
  return app;
}

/** The OpenAPI document of the app's routes (served at /api/docs when API_DOCS allows; read by the fuzz test). */
export function createOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  return SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('HealthLink API').setVersion('1').addBearerAuth().build());
}

/** The job worker (role 'worker'): the same modules, no HTTP server. */
export async function createWorkerContext(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    bufferLogs: true,
    abortOnError: false,
    autoFlushLogs: false,
  });
  app.useLogger(app.get(Logger));
  app.flushLogs();
  await app.init();
  return app;
}
