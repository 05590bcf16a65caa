import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { HeldRequests, parseFaultSwitch } from '../held-requests';
import type { SandboxPartner } from '../partner';
import { parseLeadBody, type CrmLead } from './lead-body';

export const CRM_PREFIX = '/crm';
/** The bearer key the sandbox CRM accepts unless SANDBOX_CRM_API_KEY says otherwise (the backend's default BROKER_CRM_API_KEY). */
export const SANDBOX_CRM_API_KEY = 'sandbox-crm-key';
/** A lead is a few hundred bytes: anything much larger is not a lead. */
export const LEAD_BODY_LIMIT_BYTES = 2048;
/** Leads kept (newest); older ones are forgotten so a long-running sandbox does not grow without end. */
const KEPT_LEADS = 1000;

export const CRM_FAULT_KINDS = ['status500', 'status503', 'timeout', 'slow', 'malformed'] as const;
export type CrmFaultKind = (typeof CRM_FAULT_KINDS)[number];

export interface CrmFault {
  id: number;
  kind: CrmFaultKind;
  /** Webhook calls it still affects; null = until cleared. */
  remaining: number | null;
  delayMs: number;
}

export interface ReceivedLead {
  /** The CRM's own id of the lead. */
  id: string;
  receivedAt: string;
  idempotencyKey: string;
  lead: CrmLead;
}

export interface CrmPartnerOptions {
  /** The bearer key required on every API call (default SANDBOX_CRM_API_KEY). */
  apiKey?: string;
}

export type CrmPartner = SandboxPartner & {
  /** Newest first. */
  leads(): ReceivedLead[];
};

const parseFault = (body: unknown) => parseFaultSwitch(body, CRM_FAULT_KINDS);

/**
 * A broker CRM's lead webhook (the kind a Medicare insurance agency runs): `POST /crm/leads` with a bearer key and an
 * `Idempotency-Key` receives one lead (a repeat of the key answers the first lead again, never a second one), and
 * `GET /crm/leads` lists what arrived, newest first, for tests and people. Faults (500, 503, timeout, slow, malformed
 * answers) are switched by an admin API. State is per process.
 */
export function createCrmPartner(options: CrmPartnerOptions = {}): CrmPartner {
  const apiKey = options.apiKey ?? SANDBOX_CRM_API_KEY;
  let received: ReceivedLead[] = [];
  /** Idempotency-Key -> the lead it created and the body that created it. */
  const byKey = new Map<string, { lead: ReceivedLead; fingerprint: string }>();
  let faults: CrmFault[] = [];
  let nextFaultId = 1;
  const held = new HeldRequests();

  const problem = (reply: FastifyReply, status: number, error: string, message: string, field: string | null = null) =>
    reply.code(status).send({ error, message, ...(field ? { field } : {}) });

  const takeFault = (): CrmFault | undefined => {
    const fault = faults[0];
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults = faults.slice(1);
    }
    return { ...fault };
  };

  /** Applies a fault before the lead is taken; true when the reply has been sent. `malformed` is applied after. */
  async function faulted(reply: FastifyReply, fault: CrmFault | undefined): Promise<boolean> {
    if (!fault || fault.kind === 'malformed') return false;
    if (fault.kind === 'status500') {
      await problem(reply, 500, 'internal', 'Injected fault: internal server error');
      return true;
    }
    if (fault.kind === 'status503') {
      await problem(reply, 503, 'unavailable', 'Injected fault: the CRM is unavailable');
      return true;
    }
    const waited = await held.hold(fault.delayMs);
    if (waited === 'closed') {
      await problem(reply, 503, 'unavailable', 'The server is shutting down');
      return true;
    }
    if (fault.kind === 'timeout') {
      await problem(reply, 504, 'timeout', `Injected fault: no answer for ${fault.delayMs} ms`);
      return true;
    }
    return false;
  }

  function authorized(req: FastifyRequest): boolean {
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer (\S+)$/i.exec(header.trim()) : null;
    return match?.[1] === apiKey;
  }

  return {
    prefix: CRM_PREFIX,
    description: 'Broker CRM lead webhook: POST /leads (bearer key, Idempotency-Key), GET /leads, with injectable faults',
    leads: () => [...received],
    async stop() {
      held.releaseAll();
    },
    async register(app: FastifyInstance) {
      app.addHook('preClose', async () => {
        held.releaseAll();
      });

      // Fastify's own refusals (a body over the limit, JSON that does not parse, another content type) in the API's shape.
      app.setErrorHandler((error: FastifyError, _req, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        const message =
          status === 413
            ? `The body must be at most ${LEAD_BODY_LIMIT_BYTES} bytes`
            : status === 415
              ? 'The body must be application/json'
              : status === 400
                ? 'The body is not valid JSON'
                : 'Internal error';
        return problem(reply, status, status === 500 ? 'internal' : 'invalid_request', message);
      });

      app.get('/', async (_req, reply) => {
        reply.type('text/html; charset=utf-8');
        return (
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox broker CRM</title></head><body>` +
          `<h1>Sandbox broker CRM</h1><p>${received.length} lead(s) received. With <code>Authorization: Bearer &lt;key&gt;</code>: ` +
          `<code>POST ${CRM_PREFIX}/leads</code> (JSON lead, <code>Idempotency-Key</code> required), ` +
          `<code>GET ${CRM_PREFIX}/leads</code> (newest first). Admin: <code>POST|GET|DELETE ${CRM_PREFIX}/_admin/faults</code>, ` +
          `<code>DELETE ${CRM_PREFIX}/_admin/leads</code>.</p></body></html>`
        );
      });

      await app.register(async (api) => {
        // Before the body is read: an unknown caller learns nothing about what the CRM would accept.
        api.addHook('onRequest', async (req, reply) => {
          if (!authorized(req)) return problem(reply, 401, 'unauthorized', 'A valid Authorization: Bearer key is required');
        });

        api.post('/leads', { bodyLimit: LEAD_BODY_LIMIT_BYTES }, async (req, reply) => {
          const key = req.headers['idempotency-key'];
          if (key === undefined) return problem(reply, 400, 'invalid_request', 'The Idempotency-Key header is required', 'Idempotency-Key');
          if (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key)) {
            return problem(reply, 400, 'invalid_request', 'Idempotency-Key must be 8 to 100 letters, digits, - or _', 'Idempotency-Key');
          }
          const fault = takeFault();
          if (await faulted(reply, fault)) return reply;
          const parsed = parseLeadBody(req.body);
          if (!parsed.ok) return problem(reply, 400, 'invalid_request', parsed.message, parsed.field);
          const fingerprint = JSON.stringify(parsed.lead);
          const earlier = byKey.get(key);
          let status = 200;
          let lead: ReceivedLead;
          if (earlier) {
            if (earlier.fingerprint !== fingerprint) {
              return problem(reply, 422, 'idempotency_conflict', 'This Idempotency-Key was used for another lead', 'Idempotency-Key');
            }
            lead = earlier.lead;
          } else {
            status = 201;
            lead = { id: randomUUID(), receivedAt: new Date().toISOString(), idempotencyKey: key, lead: parsed.lead };
            received = [lead, ...received];
            byKey.set(key, { lead, fingerprint });
            for (const dropped of received.slice(KEPT_LEADS)) byKey.delete(dropped.idempotencyKey);
            received = received.slice(0, KEPT_LEADS);
          }
          const body = JSON.stringify({ id: lead.id, receivedAt: lead.receivedAt });
          // `malformed`: the lead is taken, but the answer is cut (the sender cannot know it arrived).
          const text = fault?.kind === 'malformed' ? body.slice(0, Math.floor(body.length / 2)) : body;
          return reply.code(status).type('application/json; charset=utf-8').send(text);
        });

        api.get<{ Querystring: Record<string, string | string[] | undefined> }>('/leads', async (req, reply) => {
          const { phone, leadId } = req.query;
          if (phone !== undefined && (typeof phone !== 'string' || !/^\d{10}$/.test(phone))) {
            return problem(reply, 400, 'invalid_request', 'phone must be 10 digits', 'phone');
          }
          if (leadId !== undefined && typeof leadId !== 'string')
            return problem(reply, 400, 'invalid_request', 'Give leadId once', 'leadId');
          const leads = received.filter(
            (r) => (phone === undefined || r.lead.phone === phone) && (leadId === undefined || r.lead.leadId === leadId),
          );
          return { leads };
        });
      });

      // ---- admin API (tests switch faults and clear the leads) ----
      app.get('/_admin/faults', async () => ({ faults: faults.map((f) => ({ ...f })) }));
      app.post('/_admin/faults', async (req, reply) => {
        const parsed = parseFault(req.body);
        if (!parsed.ok) return reply.code(400).send({ message: parsed.message });
        const fault = { id: nextFaultId++, ...parsed.fault };
        faults.push(fault);
        return reply.code(201).send(fault);
      });
      app.delete('/_admin/faults', async (_req, reply) => {
        faults = [];
        held.releaseAll();
        return reply.code(204).send();
      });
      app.delete('/_admin/leads', async (_req, reply) => {
        received = [];
        byKey.clear();
        return reply.code(204).send();
      });
    },
  };
}
