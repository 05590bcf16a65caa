import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign, SignOptions } from 'jsonwebtoken';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../../src/app.factory';
import type { AppModuleOptions } from '../../src/app.module';
import { AppConfig, loadAppConfig } from '../../src/config';
import { SessionsService } from '../../src/modules/auth';
import { createUser } from '../factories/user.factory';
import { TEST_SMTP_PORT_ENV } from './mail-catcher';
import { testDatabaseUrl } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

// Each test file (its own module registry) gets its own job-queue schema: a worker of one file's app must
// never take a job another file queued (with another configuration) on the shared test database.
const JOBS_SCHEMA = `pgboss_t${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    APP_ROLE: 'all',
    DATABASE_URL: testDatabaseUrl(),
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: join(tmpdir(), 'healthlink-test-data'),
    LOG_LEVEL: 'silent',
    // Each test sends its own X-Forwarded-For, so per-address rate limits do not leak between tests.
    HTTP_TRUST_PROXY: 'true',
    // The run's one SMTP catcher (globalSetup), whichever test app's worker sends the mail.
    ...(process.env[TEST_SMTP_PORT_ENV] ? { SMTP_PORT: process.env[TEST_SMTP_PORT_ENV] } : {}),
    SUPPORT_EMAIL: 'care@healthlink.test',
    JOBS_SCHEMA,
    ...overrides,
  };
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadAppConfig(testEnv(overrides));
}

/** The whole HTTP app, as main.ts builds it, on the run's test database. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: AppModuleOptions = {},
): Promise<NestFastifyApplication> {
  return createHttpApp(testConfig(overrides), options);
}

/** A new user with a live session, and its bearer token (as a login would give). */
export async function tokenFor(app: NestFastifyApplication): Promise<{ userId: string; token: string; email: string }> {
  const user = await createUser(dataSourceOf(app));
  const token = await app.get(SessionsService).start(user.id, { ip: '127.0.0.1', userAgent: 'jest' });
  return { userId: user.id, token, email: user.email };
}

/** Signs arbitrary claims with the test secret, for tokens the TokenService would never issue. */
export function signRaw(payload: object, options: SignOptions = {}, secret = TEST_JWT_SECRET): string {
  return sign(payload, secret, { algorithm: 'HS256', ...options });
}

export function dataSourceOf(app: NestFastifyApplication): DataSource {
  return app.get(DataSource);
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
