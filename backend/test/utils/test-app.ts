import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sign, SignOptions } from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../../src/app.factory';
import { AppConfig, loadAppConfig } from '../../src/config';
import { TokenService } from '../../src/modules/auth';
import { testDatabaseUrl } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    APP_ROLE: 'all',
    DATABASE_URL: testDatabaseUrl(),
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: join(tmpdir(), 'healthlink-test-data'),
    LOG_LEVEL: 'silent',
    ...overrides,
  };
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadAppConfig(testEnv(overrides));
}

/** The whole HTTP app, as main.ts builds it, on the run's test database. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<NestFastifyApplication> {
  return createHttpApp(testConfig(overrides));
}

/** A bearer token for a new (or given) user, signed by the app's own TokenService. */
export async function tokenFor(app: NestFastifyApplication, userId: string = randomUUID()): Promise<{ userId: string; token: string }> {
  const token = await app.get(TokenService).signAccessToken({ userId, sessionId: randomUUID() });
  return { userId, token };
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
