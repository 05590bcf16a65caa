import type { ConfigService } from '@nestjs/config';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAppConfig, type AppConfig } from '../../../config';
import { BrokerCrmClient, BrokerCrmError, type BrokerLeadPayload } from './broker-crm.client';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server on a free port: each test says how it answers and reads what arrived. */
async function startServer(): Promise<{ url: string; server: Server; handle: (h: Handler) => void; seen: Seen[] }> {
  let handler: Handler = (_req, res) => res.end('{}');
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, handle: (h) => (handler = h), seen };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const API_KEY = 'crm-key-0123456789';
const client = (url: string, timeoutMs = 2_000) =>
  new BrokerCrmClient({
    get: (key: string) => (key === 'brokerCrm' ? { url, apiKey: API_KEY, timeoutMs } : undefined),
  } as unknown as ConfigService<AppConfig, true>);

const LEAD: BrokerLeadPayload = {
  leadId: '6c1f2f0e-5b8a-4f53-9d4e-0d2b7f3f1a11',
  phone: '2065550142',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  state: 'WA',
  zip: '98501',
  plan: { bidId: 'H0104_012_0', name: 'Example Advantage (HMO)', carrier: 'Example Health' },
  createdAt: '2026-05-01T12:00:00.000Z',
};

describe('BrokerCrmClient (over a real HTTP server)', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  beforeEach(async () => {
    srv = await startServer();
  });
  afterEach(async () => {
    srv.server.closeAllConnections();
    await new Promise((r) => srv.server.close(r));
  });

  it('POSTs the lead to the configured URL exactly, with the bearer key and the lead id as Idempotency-Key', async () => {
    srv.handle((_req, res) => json(res, 201, { id: 'crm-1', receivedAt: '2026-05-01T12:00:01.000Z' }));
    const receipt = await client(`${srv.url}/hooks/v2/leads?source=healthlink`).sendLead(LEAD);
    expect(receipt).toEqual({ crmId: 'crm-1', receivedAt: '2026-05-01T12:00:01.000Z' });
    expect(srv.seen).toHaveLength(1);
    const [seen] = srv.seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/hooks/v2/leads?source=healthlink' });
    expect(seen!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(seen!.headers['idempotency-key']).toBe(LEAD.leadId);
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen!.body)).toEqual(LEAD);
  });

  it('adds nothing to a URL with a trailing slash or without a path', async () => {
    srv.handle((_req, res) => json(res, 200, { id: 'crm-2' }));
    await expect(client(`${srv.url}/crm/leads/`).sendLead(LEAD)).resolves.toEqual({ crmId: 'crm-2', receivedAt: null });
    await client(srv.url).sendLead(LEAD);
    expect(srv.seen.map((s) => s.url)).toEqual(['/crm/leads/', '/']);
  });

  it('classifies a 5xx, 408 and 429 as transient and any other 4xx as permanent, with a code and no body', async () => {
    const cases: [number, 'transient' | 'permanent'][] = [
      [500, 'transient'],
      [503, 'transient'],
      [408, 'transient'],
      [429, 'transient'],
      [400, 'permanent'],
      [401, 'permanent'],
      [422, 'permanent'],
    ];
    for (const [status, kind] of cases) {
      srv.handle((_req, res) => json(res, status, { error: 'x', message: `echo ${LEAD.phone}` }));
      const error = await client(`${srv.url}/crm/leads`)
        .sendLead(LEAD)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BrokerCrmError);
      expect(error).toMatchObject({
        kind,
        status,
        code: `CRM_HTTP_${status}`,
        message: `POST the CRM webhook at ${new URL(srv.url).host} answered ${status}`,
      });
      expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toMatch(/2065550142|crm-key/);
    }
  });

  it('times out a call that does not answer (transient CRM_TIMEOUT)', async () => {
    srv.handle(() => undefined);
    const started = Date.now();
    await expect(client(`${srv.url}/crm/leads`, 150).sendLead(LEAD)).rejects.toMatchObject({
      kind: 'transient',
      code: 'CRM_TIMEOUT',
      message: `POST the CRM webhook at ${new URL(srv.url).host} timed out after 150 ms`,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails as transient CRM_UNREACHABLE when nothing listens', async () => {
    const closed = srv.url;
    srv.server.closeAllConnections();
    await new Promise((r) => srv.server.close(r));
    srv = await startServer();
    await expect(client(`${closed}/crm/leads`).sendLead(LEAD)).rejects.toMatchObject({ kind: 'transient', code: 'CRM_UNREACHABLE' });
  });

  it('treats a cut answer as transient (a retry with the same key gets it whole) and one without an id as permanent', async () => {
    srv.handle((_req, res) => json(res, 201, '{"id": "crm'));
    await expect(client(`${srv.url}/crm/leads`).sendLead(LEAD)).rejects.toMatchObject({ kind: 'transient', code: 'CRM_BAD_ANSWER' });
    srv.handle((_req, res) => json(res, 201, { ok: true }));
    await expect(client(`${srv.url}/crm/leads`).sendLead(LEAD)).rejects.toMatchObject({ kind: 'permanent', code: 'CRM_BAD_ANSWER' });
  });

  it('follows a 307/308 on the same origin, keeping the POST, the key and the body', async () => {
    srv.handle((req, res) => {
      if (req.url === '/old/leads') {
        res.writeHead(308, { location: '/crm/leads' });
        res.end();
      } else json(res, 201, { id: 'crm-3' });
    });
    await expect(client(`${srv.url}/old/leads`).sendLead(LEAD)).resolves.toMatchObject({ crmId: 'crm-3' });
    expect(srv.seen.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/old/leads'],
      ['POST', '/crm/leads'],
    ]);
    expect(srv.seen[1]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.parse(srv.seen[1]!.body)).toEqual(LEAD);
  });

  it('never follows a redirect to another origin, nor one that would turn the POST into a GET', async () => {
    const other = await startServer();
    try {
      srv.handle((_req, res) => {
        res.writeHead(307, { location: `${other.url}/steal` });
        res.end();
      });
      await expect(client(`${srv.url}/crm/leads`).sendLead(LEAD)).rejects.toMatchObject({
        kind: 'permanent',
        code: 'CRM_REDIRECT',
        status: 307,
        message: `POST the CRM webhook at ${new URL(srv.url).host} redirected to another origin (${new URL(other.url).host}): not followed`,
      });
      expect(other.seen).toHaveLength(0);

      srv.handle((_req, res) => {
        res.writeHead(302, { location: '/crm/leads2' });
        res.end();
      });
      await expect(client(`${srv.url}/crm/leads`).sendLead(LEAD)).rejects.toMatchObject({ code: 'CRM_REDIRECT', status: 302 });
      expect(srv.seen).toHaveLength(2);
    } finally {
      other.server.closeAllConnections();
      await new Promise((r) => other.server.close(r));
    }
  });

  it('stops following a redirect loop', async () => {
    srv.handle((_req, res) => {
      res.writeHead(307, { location: '/crm/leads' });
      res.end();
    });
    await expect(client(`${srv.url}/crm/leads`).sendLead(LEAD)).rejects.toMatchObject({
      code: 'CRM_REDIRECT',
      message: `POST the CRM webhook at ${new URL(srv.url).host} redirected too often: not followed`,
    });
    expect(srv.seen).toHaveLength(4);
  });
});

describe('the broker CRM settings (BROKER_CRM_URL, BROKER_CRM_API_KEY, BROKER_CRM_TIMEOUT_MS)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'healthlink-broker-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = () => ({ DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@h/db', AUTH_JWT_SECRET: 'x'.repeat(40) });

  it('default to the sandbox stand-in and its key outside production', () => {
    expect(loadAppConfig({ ...base(), SANDBOX_URL: 'http://sandbox:4100' }).brokerCrm).toEqual({
      url: 'http://sandbox:4100/crm/leads',
      apiKey: 'sandbox-crm-key',
      timeoutMs: 10_000,
    });
  });

  it('take the configured URL exactly as given, and require a key with it', () => {
    const url = 'https://crm.example/hooks/leads?source=healthlink';
    expect(
      loadAppConfig({ ...base(), BROKER_CRM_URL: url, BROKER_CRM_API_KEY: 'real-key-0123', BROKER_CRM_TIMEOUT_MS: '2500' }).brokerCrm,
    ).toEqual({
      url,
      apiKey: 'real-key-0123',
      timeoutMs: 2500,
    });
    expect(() => loadAppConfig({ ...base(), BROKER_CRM_URL: url })).toThrow(/BROKER_CRM_API_KEY: required when BROKER_CRM_URL is set/);
  });

  it('refuse a bad URL, a short key or a bad timeout, never echoing the URL or the key', () => {
    const error = (() => {
      try {
        loadAppConfig({
          ...base(),
          BROKER_CRM_URL: 'ftp://crm.example/leads?token=s3cret',
          BROKER_CRM_API_KEY: 'short',
          BROKER_CRM_TIMEOUT_MS: '5',
        });
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error?.message).toMatch(/BROKER_CRM_URL: BROKER_CRM_URL must be an http\(s\) URL/);
    expect(error?.message).toMatch(/BROKER_CRM_API_KEY: BROKER_CRM_API_KEY must be at least 8 characters/);
    expect(error?.message).toMatch(/BROKER_CRM_TIMEOUT_MS/);
    expect(error?.message).not.toMatch(/s3cret|short"/);
  });
});
