import { resolve } from 'node:path';
import type { AiModel, InsurerKey, SiteInfo } from '@healthlink/contracts';
import { AppRole, ConfigValidationError, EnvironmentVariables, LogFormat, LogLevel, NodeEnv, validateEnvironment } from './env.validation';
import { InsurerEndpoints, loadInsurersConfig } from './insurers-config';
import { loadOrCreateSecrets } from './secrets-file';

export interface AppConfig {
  env: NodeEnv;
  role: AppRole;
  /** apiDocs: whether /api/docs serves the OpenAPI document. */
  http: { host: string; port: number; bodyLimitBytes: number; trustProxy: boolean; apiDocs: boolean };
  database: {
    /** Absent only before main.ts has started the embedded server. */
    url?: string;
    /** QUERY_TOOL_DATABASE_URL: the staff query tool's read-only login; unset, the app makes that role itself. */
    queryToolUrl?: string;
    embedded: { port: number; dataDir: string; password: string };
  };
  dataDir: string;
  /** resetCodeSecret: the root of the reset-code and rate-limit-subject HMAC keys (HKDF), never the JWT secret. */
  auth: { jwtSecret: string; resetCodeSecret: string; sessionMaxHours: number };
  mail: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
  productName: string;
  /** What GET /api/siteInfo answers, but the product name (it also signs the e-mails). */
  site: Omit<SiteInfo, 'productName'>;
  web: { root?: string };
  /** Where browsers reach the product (OAuth redirect URIs). */
  publicUrl: string;
  insurers: { endpoints: Record<InsurerKey, InsurerEndpoints>; tokenEncryptionKey: Buffer };
  /** The coupon service (HTTP JSON, X-Api-Key): its API base exactly as configured, and the key. */
  coupons: { baseUrl: string; apiKey: string };
  /** ClinicalTrials.gov API v2: its base exactly as configured, and the per-request timeout. */
  trials: { baseUrl: string; timeoutMs: number };
  /** The broker CRM's lead webhook (HTTP JSON, bearer key): the URL leads are POSTed to exactly as configured, the key, the per-call timeout. */
  brokerCrm: { url: string; apiKey: string; timeoutMs: number };
  /**
   * The AI provider: offline (default) or an OpenAI-compatible server (its base exactly as configured, key, default
   * model, timeout); staffFreeText: whether staff-typed text may be sent to it (AI_STAFF_FREE_TEXT).
   */
  ai: {
    provider: 'offline' | 'openai';
    baseUrl: string;
    apiKey: string;
    model: AiModel;
    timeoutMs: number;
    staffFreeText: 'allow' | 'deny';
  };
  /** Referral partners and their API keys. */
  referralPartners: { name: string; apiKey: string }[];
  /**
   * The partners whose settings are unset, so that the partner sandbox's stand-ins answer for them (insurers by
   * key, then coupons, trials, brokerCrm, ai): right for development and tests; main.ts warns of each in production.
   */
  sandboxPartners: string[];
  /** format: pretty lines for a person at a terminal, JSON for everything that reads logs. */
  log: { level: LogLevel; format: LogFormat };
  /** probeRoute: POST /api/jobs/probe is served (tests only). */
  jobs: { retryLimit: number; expireSeconds: number; maintenanceIntervalSeconds: number; schema: string; probeRoute: boolean };
}

export class ConfigBootError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigBootError';
  }
}

/** The partner sandbox's coupon service key (sandbox/src/coupons): the default only while the sandbox is the service. */
const SANDBOX_COUPONS_API_KEY = 'sandbox-coupons-key';
/** The partner sandbox's broker CRM key (sandbox/src/crm): the default only outside production, for the sandbox. */
const SANDBOX_CRM_API_KEY = 'sandbox-crm-key';
/** The partner sandbox's AI key (sandbox/src/ai): the default only while the sandbox is the AI server. */
const SANDBOX_AI_API_KEY = 'sandbox-ai-key';

// dist/config or src/config -> backend -> repo root
const DEFAULT_DATA_DIR = resolve(__dirname, '..', '..', '..', '.data');

export function toAppConfig(env: EnvironmentVariables, raw: Record<string, string | undefined> = {}, stdoutIsTty = false): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR);
  if (env.NODE_ENV === 'production' && !env.AUTH_JWT_SECRET) {
    throw new ConfigBootError('AUTH_JWT_SECRET is required when NODE_ENV=production');
  }
  if (env.APP_ROLE !== 'all' && !env.DATABASE_URL) {
    throw new ConfigBootError(`DATABASE_URL is required when APP_ROLE=${env.APP_ROLE} (only role "all" may start the embedded PostgreSQL)`);
  }
  if (env.NODE_ENV === 'production' && env.JOBS_PROBE_ROUTE === 'true') {
    throw new ConfigBootError('JOBS_PROBE_ROUTE=true is for tests (its answer names the worker pid and host): unset it in production');
  }
  if (env.NODE_ENV === 'production' && !env.TOKEN_ENCRYPTION_KEY) {
    throw new ConfigBootError('TOKEN_ENCRYPTION_KEY is required when NODE_ENV=production');
  }
  if (env.NODE_ENV === 'production' && !env.AUTH_RESET_CODE_SECRET) {
    throw new ConfigBootError('AUTH_RESET_CODE_SECRET is required when NODE_ENV=production');
  }
  const needsGenerated = !env.AUTH_JWT_SECRET || !env.DATABASE_URL || !env.TOKEN_ENCRYPTION_KEY || !env.AUTH_RESET_CODE_SECRET;
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const sandboxUrl = env.SANDBOX_URL ?? `http://localhost:${env.SANDBOX_PORT ?? 4100}`;
  const insurers = loadInsurersConfig(raw, { sandboxUrl, sandboxPublicUrl: env.SANDBOX_PUBLIC_URL ?? sandboxUrl, publicUrl });
  if (insurers.problems.length) throw new ConfigValidationError(insurers.problems);
  // The sandbox's key goes to the sandbox only: a configured coupon service needs its own.
  if (env.COUPONS_BASE_URL && !env.COUPONS_API_KEY) {
    throw new ConfigValidationError(['COUPONS_API_KEY: required when COUPONS_BASE_URL is set']);
  }
  // Likewise for the broker CRM: leads carry a member's name, phone and e-mail.
  if (env.BROKER_CRM_URL && !env.BROKER_CRM_API_KEY) {
    throw new ConfigValidationError(['BROKER_CRM_API_KEY: required when BROKER_CRM_URL is set']);
  }
  // The sandbox's AI key goes to the sandbox only: a configured AI server needs its own.
  if (env.AI_BASE_URL && !env.AI_API_KEY) {
    throw new ConfigValidationError(['AI_API_KEY: required when AI_BASE_URL is set']);
  }
  const sandboxPublicUrl = env.SANDBOX_PUBLIC_URL ?? sandboxUrl;
  const onSandbox = (url: string): boolean => url.startsWith(`${sandboxUrl}/`) || url.startsWith(`${sandboxPublicUrl}/`);
  const sandboxPartners = [
    ...Object.entries(insurers.insurers)
      .filter(([, endpoints]) => onSandbox(endpoints.fhirBaseUrl))
      .map(([key]) => `insurer ${key}`),
    ...(env.COUPONS_BASE_URL ? [] : ['coupons']),
    ...(env.CLINICAL_TRIALS_BASE_URL ? [] : ['trials']),
    ...(env.BROKER_CRM_URL ? [] : ['brokerCrm']),
    ...(env.AI_PROVIDER === 'openai' && !env.AI_BASE_URL ? ['ai'] : []),
  ];
  return {
    env: env.NODE_ENV,
    role: env.APP_ROLE,
    http: {
      host: env.HOST,
      port: env.PORT,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      trustProxy: env.HTTP_TRUST_PROXY === 'true',
      apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
    },
    database: {
      url: env.DATABASE_URL,
      queryToolUrl: env.QUERY_TOOL_DATABASE_URL,
      embedded: { port: env.EMBEDDED_PG_PORT, dataDir: resolve(dataDir, 'pg'), password: generated?.embeddedPgPassword ?? '' },
    },
    dataDir,
    auth: {
      jwtSecret: env.AUTH_JWT_SECRET ?? generated!.authJwtSecret,
      resetCodeSecret: env.AUTH_RESET_CODE_SECRET ?? generated!.authResetCodeSecret,
      sessionMaxHours: env.AUTH_SESSION_MAX_HOURS,
    },
    mail: {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT ?? env.SANDBOX_SMTP_PORT ?? 2525,
      secure: env.SMTP_SECURE === 'true',
      user: env.SMTP_USER,
      password: env.SMTP_PASSWORD,
      from: env.MAIL_FROM,
    },
    productName: env.PRODUCT_NAME,
    site: {
      supportEmail: env.SUPPORT_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
      brokerPhone: env.BROKER_PHONE,
      blogUrl: env.BLOG_URL,
      linkedInUrl: env.LINKEDIN_URL,
      socialLinks: env.SOCIAL_LINKS.split(',').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at).trim(), url: pair.slice(at + 1).trim() };
      }),
    },
    web: { root: env.WEB_ROOT ? resolve(env.WEB_ROOT) : undefined },
    publicUrl,
    insurers: {
      endpoints: insurers.insurers,
      tokenEncryptionKey: Buffer.from(env.TOKEN_ENCRYPTION_KEY ?? generated!.tokenEncryptionKey, 'base64'),
    },
    coupons: {
      baseUrl: env.COUPONS_BASE_URL ?? `${sandboxUrl}/coupons/v1`,
      apiKey: env.COUPONS_BASE_URL ? env.COUPONS_API_KEY! : (env.COUPONS_API_KEY ?? SANDBOX_COUPONS_API_KEY),
    },
    trials: {
      baseUrl: env.CLINICAL_TRIALS_BASE_URL ?? `${sandboxUrl}/clinicaltrials/api/v2`,
      timeoutMs: env.CLINICAL_TRIALS_TIMEOUT_MS,
    },
    brokerCrm: {
      url: env.BROKER_CRM_URL ?? `${sandboxUrl}/crm/leads`,
      apiKey: env.BROKER_CRM_API_KEY ?? SANDBOX_CRM_API_KEY,
      timeoutMs: env.BROKER_CRM_TIMEOUT_MS,
    },
    ai: {
      provider: env.AI_PROVIDER,
      baseUrl: env.AI_BASE_URL ?? `${sandboxUrl}/ai/v1`,
      apiKey: env.AI_BASE_URL ? env.AI_API_KEY! : (env.AI_API_KEY ?? SANDBOX_AI_API_KEY),
      model: env.AI_MODEL,
      timeoutMs: env.AI_TIMEOUT_MS,
      staffFreeText: env.AI_STAFF_FREE_TEXT,
    },
    sandboxPartners,
    referralPartners: (env.REFERRAL_PARTNER_KEYS ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), apiKey: pair.slice(at + 1) };
      }),
    log: { level: env.LOG_LEVEL, format: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' && stdoutIsTty ? 'pretty' : 'json') },
    jobs: {
      retryLimit: env.JOBS_RETRY_LIMIT,
      expireSeconds: env.JOBS_EXPIRE_SECONDS,
      maintenanceIntervalSeconds: env.JOBS_MAINTENANCE_INTERVAL_SECONDS,
      schema: env.JOBS_SCHEMA,
      probeRoute: env.JOBS_PROBE_ROUTE === 'true',
    },
  };
}

/** The one place that reads process.env (and whether stdout is a terminal). */
export function loadAppConfig(
  raw: Record<string, string | undefined> = process.env,
  stdoutIsTty = process.stdout.isTTY === true,
): AppConfig {
  return toAppConfig(validateEnvironment(raw), raw, stdoutIsTty);
}
