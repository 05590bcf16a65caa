import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import type { DestinationStream } from 'pino';
import { logSafeErrorSerializer } from './common/errors/log-safe-error';
import { logTransport } from './common/logging';
import { loggableUrl } from './common/http/loggable-url';
import type { AppConfig } from './config';
import { DatabaseModule } from './database';
import { JobsModule } from './jobs';
import { MailModule } from './common/mail';
import { ErasureModule } from './common/erasure';
import { AccountsModule } from './modules/accounts';
import { AnalyticsModule } from './modules/analytics';
import { ContactModule } from './modules/contact';
import { HealthDataModule } from './modules/health-data';
import { InsurersModule } from './modules/insurers';
import { PricingModule } from './modules/pricing';
import { AuthModule } from './modules/auth';
import { DebugModule } from './modules/debug';
import { PollingModule, ProbeModule } from './modules/polling';
import { SystemModule } from './modules/system';
import { PlansModule } from './modules/plans';
import { TrialsModule } from './modules/trials';
import { AiModule } from './modules/ai';
import { UptimeModule } from './modules/uptime';

export interface AppModuleOptions {
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: DestinationStream;
}

@Module({})
export class AppModule {
  /** The whole backend; the role decides in main.ts whether it serves HTTP, works jobs, or both. */
  static forRoot(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    const pinoHttp = {
      level: config.log.level,
      // A test's log stream takes the JSON lines itself.
      transport: options.logStream ? undefined : logTransport(config.log.format),
      // Same id as Fastify's request.id (see resolveCorrelationId).
      genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? '',
      redact: {
        // Bodies carry what people type (health data, addresses): never logged, wherever they are attached. Headers
        // and bodies of `req` and `res` need no path here: their serializers below never write them, and a path under
        // `req` would make pino redact (copy) the request binding that every request's logger is built with.
        paths: ['body', 'err.body'],
        censor: '[redacted]',
      },
      // The serializers get the raw request and response: pino's standard ones would first copy every request's
      // headers into an object that these then drop (the logSafeErrorSerializer takes an Error as it is).
      wrapSerializers: false,
      serializers: {
        // Without the SQL, its parameters and the driver's details (QueryFailedError carries them).
        err: logSafeErrorSerializer,
        // Middleware sees a path-stripped url: originalUrl is the one requested.
        req: (req: IncomingMessage & { id?: string; originalUrl?: string }) => ({
          id: req.id,
          method: req.method,
          url: loggableUrl(req.originalUrl ?? req.url),
          remoteAddress: req.socket?.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
    };
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => config] }),
        LoggerModule.forRoot({ pinoHttp: options.logStream ? [pinoHttp, options.logStream] : pinoHttp }),
        DatabaseModule,
        JobsModule,
        MailModule,
        ErasureModule,
        AuthModule,
        AccountsModule,
        ContactModule,
        AnalyticsModule,
        HealthDataModule,
        InsurersModule,
        PricingModule,
        TrialsModule,
        PlansModule,
        UptimeModule,
        AiModule,
        SystemModule,
        PollingModule,
        // Tests only: the queue round-trip probe names the worker's pid and host.
        ...(config.jobs.probeRoute ? [ProbeModule] : []),
        DebugModule,
      ],
    };
  }
}
