import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: honours an incoming x-correlation-id / x-request-id (when it is a safe token), else a
 * new UUID. It also sets req.id on the raw request so pino-http logs the same id.
 */
export function resolveCorrelationId(req: { headers: IncomingHttpHeaders }): string {
  const candidates = [req.headers['x-correlation-id'], req.headers['x-request-id']];
  const given = candidates.map((v) => (Array.isArray(v) ? v[0] : v)).find((v) => typeof v === 'string' && SAFE_ID.test(v));
  const id = given ?? randomUUID();
  (req as { id?: string }).id = id;
  return id;
}
