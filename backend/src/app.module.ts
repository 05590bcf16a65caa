import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { LoggerModule } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import type { AppConfig } from './config';
import { DatabaseModule } from './database';
import { JobsModule } from './jobs';
import { MailModule } from './common/mail';
import { AccountsModule } from './modules/accounts';
import { AnalyticsModule } from './modules/analytics';
import { ContactModule } from './modules/contact';
import { HealthDataModule } from './modules/health-data';
import { InsurersModule } from './modules/insurers';
import { AuthModule } from './modules/auth';
import { DebugModule } from './modules/debug';
import { PollingModule } from './modules/polling';
import { SystemModule } from './modules/system';

@Module({})
export class AppModule {
  /** The whole backend; the role decides in main.ts whether it serves HTTP, works jobs, or both. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => config] }),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.log.level,
            // Same id as Fastify's request.id (see resolveCorrelationId).
            genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? '',
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
            serializers: {
              req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
                id: req.id,
                method: req.method,
                url: req.url,
                remoteAddress: req.remoteAddress,
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
          },
        }),
        DatabaseModule,
        JobsModule,
        MailModule,
        AuthModule,
        AccountsModule,
        ContactModule,
        AnalyticsModule,
        HealthDataModule,
        InsurersModule,
        SystemModule,
        PollingModule,
        DebugModule,
      ],
    };
  }
}
