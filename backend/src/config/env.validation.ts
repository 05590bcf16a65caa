import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const APP_ROLES = ['all', 'api', 'worker'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type NodeEnv = (typeof NODE_ENVS)[number];
export type AppRole = (typeof APP_ROLES)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;

/** Every environment variable the backend reads, validated once at boot. */
export class EnvironmentVariables {
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @IsIn(APP_ROLES)
  APP_ROLE: AppRole = 'all';

  @IsString()
  @MinLength(1)
  HOST = '0.0.0.0';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 8080;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_PG_PORT = 54329;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'AUTH_JWT_SECRET must be at least 32 characters' })
  AUTH_JWT_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  WEB_ROOT?: string;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(100 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1048576;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10)
  JOBS_RETRY_LIMIT = 2;
}

const ENV_KEYS = [
  'NODE_ENV', 'APP_ROLE', 'HOST', 'PORT', 'DATABASE_URL', 'DATA_DIR', 'EMBEDDED_PG_PORT', 'AUTH_JWT_SECRET', 'WEB_ROOT',
  'LOG_LEVEL', 'BODY_LIMIT_BYTES', 'JOBS_RETRY_LIMIT',
] as const satisfies readonly (keyof EnvironmentVariables)[];
const SECRET_KEYS: readonly string[] = ['DATABASE_URL', 'AUTH_JWT_SECRET'];

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigValidationError';
  }
}

/** Validates the raw environment and reports every bad key at once. */
export function validateEnvironment(raw: Record<string, string | undefined>): EnvironmentVariables {
  const picked: Record<string, string> = {};
  for (const key of ENV_KEYS) {
    const value = raw[key];
    if (value !== undefined) picked[key] = value;
  }
  const env = plainToInstance(EnvironmentVariables, picked);
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    throw new ConfigValidationError(
      errors.map((e) => {
        const reasons = Object.values(e.constraints ?? {}).join('; ');
        // Secrets never reach the log, not even when they are wrong.
        return SECRET_KEYS.includes(e.property) ? `${e.property}: ${reasons}` : `${e.property}: ${reasons} (got ${JSON.stringify(e.value)})`;
      }),
    );
  }
  return env;
}
