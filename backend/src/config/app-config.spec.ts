import { INSURER_KEYS } from '@healthlink/contracts';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigBootError, loadAppConfig } from './app-config';
import { ConfigValidationError } from './env.validation';

describe('loadAppConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'healthlink-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const secret = 'x'.repeat(40);

  it('applies the defaults and maps to the nested config', () => {
    const config = loadAppConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret });
    expect(config).toMatchObject({
      env: 'development',
      role: 'all',
      http: { host: '0.0.0.0', port: 8080, bodyLimitBytes: 1048576 },
      database: { url: 'postgresql://u@h/db', embedded: { port: 54329, dataDir: join(dataDir, 'pg') } },
      auth: { jwtSecret: secret },
      web: { root: undefined },
      log: { level: 'info' },
      jobs: { retryLimit: 2 },
    });
  });

  it('logs pretty lines only in development at a terminal, JSON otherwise, unless LOG_FORMAT says', () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret };
    const key = Buffer.alloc(32, 7).toString('base64');
    const production = { ...base, NODE_ENV: 'production', AUTH_RESET_CODE_SECRET: secret, TOKEN_ENCRYPTION_KEY: key };
    expect(loadAppConfig(base, true).log.format).toBe('pretty');
    expect(loadAppConfig(base, false).log.format).toBe('json');
    expect(loadAppConfig(production, true).log.format).toBe('json');
    expect(loadAppConfig({ ...base, NODE_ENV: 'test' }, true).log.format).toBe('json');
    expect(loadAppConfig({ ...base, LOG_FORMAT: 'json' }, true).log.format).toBe('json');
    expect(loadAppConfig({ ...base, LOG_FORMAT: 'pretty' }, false).log.format).toBe('pretty');
    expect(() => loadAppConfig({ ...base, LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });

  it('reports every bad key at once, without echoing secrets', () => {
    let error: unknown;
    try {
      loadAppConfig({ NODE_ENV: 'staging', APP_ROLE: 'both', PORT: 'eighty', BODY_LIMIT_BYTES: '-1', AUTH_JWT_SECRET: 'short-secret' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    const problems = (error as ConfigValidationError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['APP_ROLE', 'AUTH_JWT_SECRET', 'BODY_LIMIT_BYTES', 'NODE_ENV', 'PORT']);
    expect((error as Error).message).not.toContain('short-secret');
  });

  it('points insurers at the sandbox: sign-in pages where browsers reach it, tokens and FHIR where the server does', () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret, PUBLIC_URL: 'https://app.example.com' };
    const inside = loadAppConfig({ ...base, SANDBOX_URL: 'http://sandbox:4100', SANDBOX_PUBLIC_URL: 'http://localhost:4100' }).insurers
      .endpoints.uhc;
    expect(inside).toMatchObject({
      authorizeUrl: 'http://localhost:4100/insurers/uhc/authorize',
      tokenUrl: 'http://sandbox:4100/insurers/uhc/token',
      fhirBaseUrl: 'http://sandbox:4100/insurers/uhc/fhir',
      redirectUri: 'https://app.example.com/intermediary/uhc',
    });
    expect(loadAppConfig({ ...base, SANDBOX_URL: 'http://sandbox:4100' }).insurers.endpoints.uhc.authorizeUrl).toBe(
      'http://sandbox:4100/insurers/uhc/authorize',
    );
  });

  it('names the partners left to the sandbox, each gone from the list once its own setting is given', () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret, SANDBOX_URL: 'http://sandbox:4100' };
    const all = loadAppConfig(base).sandboxPartners;
    expect(all).toEqual([...INSURER_KEYS.map((key) => `insurer ${key}`), 'coupons', 'trials', 'brokerCrm']);
    const configured = loadAppConfig({
      ...base,
      INSURER_UHC_FHIR_BASE_URL: 'https://fhir.insurer.example/r4',
      INSURER_UHC_AUTHORIZE_URL: 'https://login.insurer.example/authorize',
      INSURER_UHC_TOKEN_URL: 'https://login.insurer.example/token',
      INSURER_UHC_CLIENT_ID: 'client',
      INSURER_UHC_CLIENT_SECRET: 'client-secret-value',
      COUPONS_BASE_URL: 'https://coupons.example/v1',
      COUPONS_API_KEY: 'coupon-key',
      AI_PROVIDER: 'openai',
    }).sandboxPartners;
    expect(configured).not.toContain('insurer uhc');
    expect(configured).not.toContain('coupons');
    expect(configured).toContain('trials');
    // An external AI provider with no base URL of its own would be the sandbox's.
    expect(configured).toContain('ai');
  });

  it('serves the probe route only when asked, and never in production', () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret };
    expect(loadAppConfig(base).jobs.probeRoute).toBe(false);
    expect(loadAppConfig({ ...base, NODE_ENV: 'test', JOBS_PROBE_ROUTE: 'true' }).jobs.probeRoute).toBe(true);
    expect(() => loadAppConfig({ ...base, NODE_ENV: 'production', JOBS_PROBE_ROUTE: 'true' })).toThrow(/JOBS_PROBE_ROUTE/);
  });

  it("sends mail to the sandbox's SMTP port wherever SANDBOX_SMTP_PORT moves it, unless SMTP_PORT is set", () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret };
    expect(loadAppConfig(base).mail.port).toBe(2525);
    expect(loadAppConfig({ ...base, SANDBOX_SMTP_PORT: '2626' }).mail.port).toBe(2626);
    expect(loadAppConfig({ ...base, SANDBOX_SMTP_PORT: '2626', SMTP_PORT: '587' }).mail.port).toBe(587);
    expect(() => loadAppConfig({ ...base, SANDBOX_SMTP_PORT: 'smtp' })).toThrow(/SANDBOX_SMTP_PORT/);
  });

  it('refuses production without AUTH_JWT_SECRET', () => {
    expect(() => loadAppConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://u@h/db', DATA_DIR: dataDir })).toThrow(
      ConfigBootError,
    );
  });

  it('refuses production without AUTH_RESET_CODE_SECRET (reset codes are keyed apart from the JWT secret)', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://u@h/db', DATA_DIR: dataDir, AUTH_JWT_SECRET: secret };
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(() => loadAppConfig({ ...production, TOKEN_ENCRYPTION_KEY: key })).toThrow(/AUTH_RESET_CODE_SECRET is required/);
    const given = 'r'.repeat(40);
    expect(loadAppConfig({ ...production, TOKEN_ENCRYPTION_KEY: key, AUTH_RESET_CODE_SECRET: given }).auth.resetCodeSecret).toBe(given);
  });

  it('requires DATABASE_URL for the api and worker roles', () => {
    for (const role of ['api', 'worker']) {
      expect(() => loadAppConfig({ APP_ROLE: role, AUTH_JWT_SECRET: secret, DATA_DIR: dataDir })).toThrow(/DATABASE_URL is required/);
    }
  });

  it("takes the query tool's own login from QUERY_TOOL_DATABASE_URL, and never echoes it when it is wrong", () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret };
    expect(loadAppConfig(base).database.queryToolUrl).toBeUndefined();
    const url = 'postgresql://reader:reader-secret@h/db';
    expect(loadAppConfig({ ...base, QUERY_TOOL_DATABASE_URL: url }).database.queryToolUrl).toBe(url);
    const wrong = () => loadAppConfig({ ...base, QUERY_TOOL_DATABASE_URL: 'mysql://reader:reader-secret@h/db' });
    expect(wrong).toThrow(/QUERY_TOOL_DATABASE_URL must be a postgres/);
    expect(wrong).not.toThrow(/reader-secret/);
  });

  it('generates the missing secrets once into DATA_DIR/secrets.json (0600) and reuses them', () => {
    const first = loadAppConfig({ DATA_DIR: dataDir });
    const second = loadAppConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'secrets.json');
    expect(first.auth.jwtSecret.length).toBeGreaterThanOrEqual(64);
    expect(second.auth.jwtSecret).toBe(first.auth.jwtSecret);
    expect(second.database.embedded.password).toBe(first.database.embedded.password);
    expect(JSON.parse(readFileSync(file, 'utf8')).authJwtSecret).toBe(first.auth.jwtSecret);
    expect(first.auth.resetCodeSecret.length).toBeGreaterThanOrEqual(64);
    expect(first.auth.resetCodeSecret).not.toBe(first.auth.jwtSecret);
    expect(second.auth.resetCodeSecret).toBe(first.auth.resetCodeSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('serves the API docs outside production only, unless API_DOCS says otherwise', () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret };
    const production = {
      ...base,
      NODE_ENV: 'production',
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      AUTH_RESET_CODE_SECRET: 'r'.repeat(40),
    };
    expect(loadAppConfig(base).http.apiDocs).toBe(true);
    expect(loadAppConfig({ ...base, API_DOCS: 'false' }).http.apiDocs).toBe(false);
    expect(loadAppConfig(production).http.apiDocs).toBe(false);
    expect(loadAppConfig({ ...production, API_DOCS: 'true' }).http.apiDocs).toBe(true);
    expect(() => loadAppConfig({ ...base, API_DOCS: 'yes' })).toThrow(ConfigValidationError);
  });

  it('points the coupon service at the sandbox with its key, or at COUPONS_BASE_URL exactly as given with its own key', () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret, SANDBOX_URL: 'http://sandbox:4100' };
    expect(loadAppConfig(base).coupons).toEqual({ baseUrl: 'http://sandbox:4100/coupons/v1', apiKey: 'sandbox-coupons-key' });
    const real = { ...base, COUPONS_BASE_URL: 'https://api.coupons.example/partner/v2/', COUPONS_API_KEY: 'k'.repeat(32) };
    expect(loadAppConfig(real).coupons).toEqual({ baseUrl: 'https://api.coupons.example/partner/v2/', apiKey: 'k'.repeat(32) });
    expect(() => loadAppConfig({ ...base, COUPONS_BASE_URL: 'https://api.coupons.example' })).toThrow(/COUPONS_API_KEY: required/);
    expect(() => loadAppConfig({ ...base, COUPONS_BASE_URL: 'ftp://coupons.example', COUPONS_API_KEY: 'k'.repeat(32) })).toThrow(
      /COUPONS_BASE_URL must be an http\(s\) URL/,
    );
    // The key is a secret: a bad one is named, never echoed.
    expect(() => loadAppConfig({ ...base, COUPONS_API_KEY: 'short' })).toThrow(/^(?![\s\S]*"short")[\s\S]*COUPONS_API_KEY/);
  });

  it('points ClinicalTrials.gov at the sandbox stand-in, or at CLINICAL_TRIALS_BASE_URL exactly as given', () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret, SANDBOX_URL: 'http://sandbox:4100' };
    expect(loadAppConfig(base).trials).toEqual({ baseUrl: 'http://sandbox:4100/clinicaltrials/api/v2', timeoutMs: 10000 });
    const real = { ...base, CLINICAL_TRIALS_BASE_URL: 'https://clinicaltrials.gov/api/v2/', CLINICAL_TRIALS_TIMEOUT_MS: '4000' };
    expect(loadAppConfig(real).trials).toEqual({ baseUrl: 'https://clinicaltrials.gov/api/v2/', timeoutMs: 4000 });
    expect(() => loadAppConfig({ ...base, CLINICAL_TRIALS_BASE_URL: 'clinicaltrials.gov/api/v2' })).toThrow(
      /CLINICAL_TRIALS_BASE_URL must be an http\(s\) URL/,
    );
    expect(() => loadAppConfig({ ...base, CLINICAL_TRIALS_TIMEOUT_MS: '5' })).toThrow(/CLINICAL_TRIALS_TIMEOUT_MS/);
  });
  it('answers AI offline by default; openai at the sandbox, or at AI_BASE_URL exactly as given with its own key', () => {
    const base = { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: secret, SANDBOX_URL: 'http://sandbox:4100' };
    expect(loadAppConfig(base).ai).toEqual({
      provider: 'offline',
      baseUrl: 'http://sandbox:4100/ai/v1',
      apiKey: 'sandbox-ai-key',
      model: 'gpt-4o',
      timeoutMs: 60000,
      staffFreeText: 'deny',
    });
    const real = {
      ...base,
      AI_PROVIDER: 'openai',
      AI_BASE_URL: 'https://api.openai.com/v1/',
      AI_API_KEY: 'k'.repeat(40),
      AI_MODEL: 'o4-mini',
    };
    expect(loadAppConfig(real).ai).toMatchObject({
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1/',
      apiKey: 'k'.repeat(40),
      model: 'o4-mini',
    });
    expect(() => loadAppConfig({ ...base, AI_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/AI_API_KEY: required/);
    expect(() => loadAppConfig({ ...base, AI_PROVIDER: 'claude' })).toThrow(/AI_PROVIDER must be offline or openai/);
    expect(() => loadAppConfig({ ...base, AI_MODEL: 'gpt-5' })).toThrow(/AI_MODEL must be one of gpt-4o/);
    // The key is a secret: a bad one is named, never echoed.
    expect(() => loadAppConfig({ ...base, AI_API_KEY: 'short' })).toThrow(/^(?![\s\S]*"short")[\s\S]*AI_API_KEY/);
    expect(loadAppConfig({ ...base, AI_STAFF_FREE_TEXT: 'allow' }).ai.staffFreeText).toBe('allow');
    expect(() => loadAppConfig({ ...base, AI_STAFF_FREE_TEXT: 'yes' })).toThrow(/AI_STAFF_FREE_TEXT must be allow or deny/);
  });

  it('wants AI_BASE_URL on https in production (http only to a loopback host), reported with the other bad keys', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const production = {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgresql://u@h/db',
      NODE_ENV: 'production',
      AUTH_JWT_SECRET: secret,
      AUTH_RESET_CODE_SECRET: secret,
      TOKEN_ENCRYPTION_KEY: key,
      AI_PROVIDER: 'openai',
      AI_API_KEY: 'k'.repeat(40),
    };
    const error = (() => {
      try {
        loadAppConfig({ ...production, AI_BASE_URL: 'http://ai.example.com/v1', AI_MODEL: 'gpt-5' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigValidationError);
    expect((error as ConfigValidationError).problems).toEqual([
      expect.stringMatching(/^AI_BASE_URL: AI_BASE_URL must be https:\/\/ when NODE_ENV=production/),
      expect.stringMatching(/^AI_MODEL: /),
    ]);
    for (const url of ['https://ai.example.com/v1', 'http://localhost:11434/v1', 'http://127.0.0.1:8000/v1', 'http://[::1]:8000/v1'])
      expect(loadAppConfig({ ...production, AI_BASE_URL: url }).ai.baseUrl).toBe(url);
    expect(() => loadAppConfig({ ...production, AI_BASE_URL: 'http://localhost.example.com/v1' })).toThrow(/AI_BASE_URL must be https/);
    // Outside production a plain http server (the sandbox, a test double) stays allowed.
    expect(loadAppConfig({ ...production, NODE_ENV: 'development', AI_BASE_URL: 'http://ai.example.com/v1' }).ai.baseUrl).toBe(
      'http://ai.example.com/v1',
    );
  });
});
