import { plainToInstance, Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  registerDecorator,
  validateSync,
  type ValidationArguments,
} from 'class-validator';
import { AI_MODELS, DEFAULT_AI_MODEL, type AiModel } from '@healthlink/contracts';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const APP_ROLES = ['all', 'api', 'worker'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type NodeEnv = (typeof NODE_ENVS)[number];
export type AppRole = (typeof APP_ROLES)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['json', 'pretty'] as const;

export type LogFormat = (typeof LOG_FORMATS)[number];

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;

/** An optional TCP port; an empty value means unset. */
function OptionalPort(): PropertyDecorator {
  const stack = [Transform(emptyToUndefined), IsOptional(), Transform(toInt), IsInt(), Min(1), Max(65535)];
  // Decorators written above a property apply bottom-up.
  return (target, key) => stack.reverse().forEach((decorate) => decorate(target, key));
}

const LOOPBACK_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** An http(s) URL that is https when NODE_ENV=production, unless its host is this machine (loopback). */
function HttpsInProduction(message: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'httpsInProduction',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message },
      validator: {
        validate(value: unknown, args: ValidationArguments): boolean {
          if ((args.object as { NODE_ENV?: unknown }).NODE_ENV !== 'production' || typeof value !== 'string') return true;
          try {
            const url = new URL(value);
            return url.protocol === 'https:' || LOOPBACK_HOSTS.test(url.hostname);
          } catch {
            return true; // not a URL at all: @Matches reports it
          }
        },
      },
    });
}

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

  /**
   * The staff query tool's own login: a role that may only SELECT from errors, ndc_products and ndc_packages. Unset:
   * the app creates that role (healthlink_query_reader) with DATABASE_URL's user, which needs CREATEROLE.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'QUERY_TOOL_DATABASE_URL must be a postgres:// or postgresql:// URL' })
  QUERY_TOOL_DATABASE_URL?: string;

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

  /** Keys the HMACs of password-reset codes and of rate-limit subjects, apart from the session-signing key. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'AUTH_RESET_CODE_SECRET must be at least 32 characters' })
  AUTH_RESET_CODE_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  WEB_ROOT?: string;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  /** Unset: pretty in development when stdout is a terminal, else JSON (one object a line). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(LOG_FORMATS)
  LOG_FORMAT?: LogFormat;

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

  /** A job still active after this long is presumed lost with its worker (a crash, a kill) and retried. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(24 * 3600)
  JOBS_EXPIRE_SECONDS = 300;

  /** PostgreSQL schema of the job queue (pg-boss). */
  @Matches(/^[a-z_][a-z0-9_]{0,40}$/, { message: 'JOBS_SCHEMA must be a lower-case SQL identifier' })
  JOBS_SCHEMA = 'pgboss';

  /** How often pg-boss looks for expired jobs and does its housekeeping. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  JOBS_MAINTENANCE_INTERVAL_SECONDS = 60;

  /** Tests only: POST /api/jobs/probe, a queue round trip that names the worker's pid and host. Refused in production. */
  @IsIn(['true', 'false'])
  JOBS_PROBE_ROUTE = 'false';

  /** Absolute lifetime of a session token; the 30-minute idle limit applies within it. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(24 * 30)
  AUTH_SESSION_MAX_HOURS = 12;

  /** Behind a reverse proxy: trust its X-Forwarded-For for the client address (rate limits per address). */
  @IsIn(['true', 'false'])
  HTTP_TRUST_PROXY = 'false';

  /** Serve the OpenAPI document and its UI at /api/docs. Unset: on, except when NODE_ENV=production. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'])
  API_DOCS?: 'true' | 'false';

  @IsString()
  @MinLength(1)
  SMTP_HOST = '127.0.0.1';

  /** Default: SANDBOX_SMTP_PORT, else 2525 (the sandbox's SMTP server moves with it). */
  @OptionalPort()
  SMTP_PORT?: number;

  /** The partner sandbox's SMTP server (the sandbox reads it too). */
  @OptionalPort()
  SANDBOX_SMTP_PORT?: number;

  @IsIn(['true', 'false'])
  SMTP_SECURE = 'false';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SMTP_USER?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SMTP_PASSWORD?: string;

  @IsString()
  @Matches(/^.*<?[^@\s<>]+@[^@\s<>]+>?$/, { message: 'MAIL_FROM must be an address, optionally with a name: Name <a@b.c>' })
  MAIL_FROM = 'HealthLink <no-reply@healthlink.local>';

  @IsString()
  @MinLength(1)
  PRODUCT_NAME = 'HealthLink';

  /** Receives a copy of every contact message; shown on the site. */
  @IsString()
  @Matches(/^[^@\s]+@[^@\s]+$/, { message: 'SUPPORT_EMAIL must be an e-mail address' })
  SUPPORT_EMAIL = 'support@healthlink.example';

  @IsString()
  @MinLength(1)
  SUPPORT_PHONE = '(800) 555-0134';

  /** The licensed broker's line for switching plans. */
  @IsString()
  @MinLength(1)
  BROKER_PHONE = '(800) 555-0172';

  @IsString()
  @Matches(/^https?:\/\//, { message: 'BLOG_URL must be an http(s) URL' })
  BLOG_URL = 'https://blog.healthlink.example';

  @IsString()
  @Matches(/^https?:\/\//, { message: 'LINKEDIN_URL must be an http(s) URL' })
  LINKEDIN_URL = 'https://www.linkedin.com/company/healthlink-example';

  /** Footer social links: "Name=https://...,Name=https://...". */
  @IsString()
  @Matches(/^([^=,]+=https?:\/\/[^,]+)(,[^=,]+=https?:\/\/[^,]+)*$/, {
    message: 'SOCIAL_LINKS must be "Name=https://url,Name=https://url"',
  })
  SOCIAL_LINKS = 'LinkedIn=https://www.linkedin.com/company/healthlink-example,Facebook=https://www.facebook.com/healthlink.example';

  /** Where browsers reach the product: OAuth redirect URIs are built from it. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?$/, { message: 'PUBLIC_URL must be an origin such as https://app.example.com' })
  PUBLIC_URL?: string;

  /** The partner sandbox, the default for every partner's URLs. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?$/, { message: 'SANDBOX_URL must be an origin such as http://localhost:4100' })
  SANDBOX_URL?: string;

  /** The sandbox as browsers reach it (its insurer sign-in pages), when that differs from SANDBOX_URL. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?$/, { message: 'SANDBOX_PUBLIC_URL must be an origin such as http://localhost:4100' })
  SANDBOX_PUBLIC_URL?: string;

  @OptionalPort()
  SANDBOX_PORT?: number;

  /** 32 bytes, base64: encrypts insurer tokens at rest. Generated into DATA_DIR/secrets.json when unset. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/_-]{43}=?$/, { message: 'TOKEN_ENCRYPTION_KEY must be 32 bytes in base64' })
  TOKEN_ENCRYPTION_KEY?: string;

  /**
   * The coupon service's API base (prices, enrollments, savings), used exactly as given: a path prefix and a trailing
   * `/` both work. Unset: the partner sandbox's stand-in at {SANDBOX_URL}/coupons/v1.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s?#]+$/, { message: 'COUPONS_BASE_URL must be an http(s) URL without a query or fragment' })
  COUPONS_BASE_URL?: string;

  /** Sent as X-Api-Key. Required with COUPONS_BASE_URL; the sandbox's own key otherwise. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'COUPONS_API_KEY must be at least 8 characters' })
  COUPONS_API_KEY?: string;

  /**
   * The ClinicalTrials.gov API v2 base, used exactly as given (a path prefix and a trailing `/` both work), e.g.
   * https://clinicaltrials.gov/api/v2 (public, no key). Unset: the partner sandbox's stand-in at
   * {SANDBOX_URL}/clinicaltrials/api/v2, as for every partner.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s?#]+$/, { message: 'CLINICAL_TRIALS_BASE_URL must be an http(s) URL without a query or fragment' })
  CLINICAL_TRIALS_BASE_URL?: string;

  /** How long one ClinicalTrials.gov request may take before the search counts as failed. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120000)
  CLINICAL_TRIALS_TIMEOUT_MS = 10000;

  /**
   * The broker CRM's lead webhook, used exactly as given: the leads are POSTed to this URL, nothing appended. Unset:
   * the partner sandbox's stand-in at {SANDBOX_URL}/crm/leads.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s#]+$/, { message: 'BROKER_CRM_URL must be an http(s) URL without a fragment' })
  BROKER_CRM_URL?: string;

  /** Sent as `Authorization: Bearer`. Required with BROKER_CRM_URL; the sandbox's own key otherwise. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'BROKER_CRM_API_KEY must be at least 8 characters' })
  BROKER_CRM_API_KEY?: string;

  /** How long one call to the broker CRM may take before it counts as failed (and is retried). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120000)
  BROKER_CRM_TIMEOUT_MS = 10000;

  /**
   * Who answers the AI calls: `offline` (the default: no network, answers from the reference data) or `openai` (an
   * OpenAI-compatible chat-completions server at AI_BASE_URL).
   */
  @IsIn(['offline', 'openai'], { message: 'AI_PROVIDER must be offline or openai' })
  AI_PROVIDER: 'offline' | 'openai' = 'offline';

  /**
   * The OpenAI-compatible API base, used exactly as given ({base}/chat/completions; a path prefix and a trailing `/`
   * both work), e.g. https://api.openai.com/v1. Unset: the partner sandbox's stand-in at {SANDBOX_URL}/ai/v1.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s?#]+$/, { message: 'AI_BASE_URL must be an http(s) URL without a query or fragment' })
  @HttpsInProduction('AI_BASE_URL must be https:// when NODE_ENV=production (http:// only to a loopback host)')
  AI_BASE_URL?: string;

  /** Sent as `Authorization: Bearer`. Required with AI_BASE_URL; the sandbox's own key otherwise. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'AI_API_KEY must be at least 8 characters' })
  AI_API_KEY?: string;

  /** The model asked when a call names none (part 2 §9: gpt-4o). */
  @IsIn([...AI_MODELS], { message: `AI_MODEL must be one of ${AI_MODELS.join(', ')}` })
  AI_MODEL: AiModel = DEFAULT_AI_MODEL;

  /** How long one chat completion may take before the call counts as failed. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(300000)
  AI_TIMEOUT_MS = 60000;

  /**
   * `allow`: with AI_PROVIDER=openai, staff-typed text (the completion calls, the prompt tester's instructions) is sent,
   * scrubbed of dates and ids but not of names: the operator accepts that it leaves. `deny` (the default): such calls
   * are refused with a 400 and only codes, an age and a sex read from staff text are sent.
   */
  @IsIn(['allow', 'deny'], { message: 'AI_STAFF_FREE_TEXT must be allow or deny' })
  AI_STAFF_FREE_TEXT: 'allow' | 'deny' = 'deny';

  /** Partners allowed to mint referral codes: "partner=api-key,partner=api-key". Unset: no partner can. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^([a-z0-9-]+=[A-Za-z0-9_-]{24,})(,[a-z0-9-]+=[A-Za-z0-9_-]{24,})*$/, {
    message: 'REFERRAL_PARTNER_KEYS must be "partner=key,..." with keys of at least 24 characters',
  })
  REFERRAL_PARTNER_KEYS?: string;
}

const ENV_KEYS = [
  'NODE_ENV',
  'APP_ROLE',
  'HOST',
  'PORT',
  'DATABASE_URL',
  'QUERY_TOOL_DATABASE_URL',
  'DATA_DIR',
  'EMBEDDED_PG_PORT',
  'AUTH_JWT_SECRET',
  'WEB_ROOT',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'BODY_LIMIT_BYTES',
  'JOBS_RETRY_LIMIT',
  'JOBS_EXPIRE_SECONDS',
  'JOBS_MAINTENANCE_INTERVAL_SECONDS',
  'JOBS_SCHEMA',
  'AUTH_SESSION_MAX_HOURS',
  'HTTP_TRUST_PROXY',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_SECURE',
  'SMTP_USER',
  'SMTP_PASSWORD',
  'MAIL_FROM',
  'PRODUCT_NAME',
  'SUPPORT_EMAIL',
  'SUPPORT_PHONE',
  'BROKER_PHONE',
  'BLOG_URL',
  'LINKEDIN_URL',
  'SOCIAL_LINKS',
  'PUBLIC_URL',
  'SANDBOX_URL',
  'SANDBOX_PUBLIC_URL',
  'SANDBOX_PORT',
  'SANDBOX_SMTP_PORT',
  'TOKEN_ENCRYPTION_KEY',
  'REFERRAL_PARTNER_KEYS',
  'AUTH_RESET_CODE_SECRET',
  'COUPONS_BASE_URL',
  'COUPONS_API_KEY',
  'API_DOCS',
  'CLINICAL_TRIALS_BASE_URL',
  'CLINICAL_TRIALS_TIMEOUT_MS',
  'JOBS_PROBE_ROUTE',
  'BROKER_CRM_URL',
  'BROKER_CRM_API_KEY',
  'BROKER_CRM_TIMEOUT_MS',
  'AI_PROVIDER',
  'AI_BASE_URL',
  'AI_API_KEY',
  'AI_MODEL',
  'AI_TIMEOUT_MS',
  'AI_STAFF_FREE_TEXT',
] as const satisfies readonly (keyof EnvironmentVariables)[];
const SECRET_KEYS: readonly string[] = [
  'DATABASE_URL',
  'QUERY_TOOL_DATABASE_URL',
  'AUTH_JWT_SECRET',
  'SMTP_PASSWORD',
  'TOKEN_ENCRYPTION_KEY',
  'REFERRAL_PARTNER_KEYS',
  'AUTH_RESET_CODE_SECRET',
  'COUPONS_API_KEY',
  // A webhook URL may carry its own token (in the query or the userinfo).
  'BROKER_CRM_URL',
  'BROKER_CRM_API_KEY',
  'AI_API_KEY',
];

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
        return SECRET_KEYS.includes(e.property)
          ? `${e.property}: ${reasons}`
          : `${e.property}: ${reasons} (got ${JSON.stringify(e.value)})`;
      }),
    );
  }
  return env;
}
