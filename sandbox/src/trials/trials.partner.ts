import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HeldRequests, parseFaultSwitch } from '../held-requests';
import type { SandboxPartner } from '../partner';
import { FieldResolver, project } from './fields';
import { encodePageToken, parseStudiesQuery } from './studies-query';
import { defaultStudyStore, StudyStore } from './study-store';

/** The stand-in's API base is `{sandbox}/clinicaltrials/api/v2`, as the real one is `https://clinicaltrials.gov/api/v2`. */
export const TRIALS_PREFIX = '/clinicaltrials';
const API = '/api/v2';
const NCT_ID = /^(NCT|nct)\d{8}$/;

export const TRIALS_FAULT_KINDS = ['status500', 'timeout', 'slow'] as const;
export type TrialsFaultKind = (typeof TRIALS_FAULT_KINDS)[number];

export interface TrialsFault {
  id: number;
  kind: TrialsFaultKind;
  /** Requests it still affects; null = until cleared. */
  remaining: number | null;
  delayMs: number;
}

export interface TrialsPartnerOptions {
  dataDir?: string;
}

export type TrialsPartner = SandboxPartner & {
  store: StudyStore;
  /** Requests served under /api/v2 since start or the last DELETE /_admin/stats (tests count upstream calls). */
  stats: { studiesRequests: number; studyRequests: number };
};

const parseFault = (body: unknown) => parseFaultSwitch(body, TRIALS_FAULT_KINDS);

/**
 * ClinicalTrials.gov API v2 stand-in: `GET /api/v2/studies` (query.cond, query.term, filter.overallStatus, filter.geo,
 * fields, pageSize, pageToken, countTotal), `GET /api/v2/studies/{nctId}`, `GET /api/v2/version`, over the shipped
 * snapshot. Bad parameters get a 400 `text/plain` message as the real API sends. An admin API switches faults
 * (500, timeout, slow) for the API routes.
 */
export function createTrialsPartner(options: TrialsPartnerOptions = {}): TrialsPartner {
  const store = options.dataDir ? new StudyStore(options.dataDir) : defaultStudyStore();
  const fields = new FieldResolver(store.fieldTree);
  let faults: TrialsFault[] = [];
  let nextFaultId = 1;
  const stats = { studiesRequests: 0, studyRequests: 0 };
  const held = new HeldRequests();

  const takeFault = (): TrialsFault | undefined => {
    const fault = faults[0];
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults = faults.slice(1);
    }
    return { ...fault };
  };

  /** Applies a fault, if one is on; true when the reply has been sent. */
  async function faulted(reply: FastifyReply): Promise<boolean> {
    const fault = takeFault();
    if (!fault) return false;
    if (fault.kind === 'status500') {
      await reply.code(500).type('text/plain; charset=utf-8').send('Injected fault: internal server error');
      return true;
    }
    const waited = await held.hold(fault.delayMs);
    if (waited === 'closed') {
      await reply.code(503).type('text/plain; charset=utf-8').send('The server is shutting down');
      return true;
    }
    if (fault.kind === 'timeout') {
      await reply.code(504).type('text/plain; charset=utf-8').send(`Injected fault: no answer for ${fault.delayMs} ms`);
      return true;
    }
    return false;
  }

  const badRequest = (reply: FastifyReply, message: string) => reply.code(400).type('text/plain; charset=utf-8').send(message);
  const queryOf = (req: FastifyRequest) => new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');

  return {
    prefix: TRIALS_PREFIX,
    description:
      'ClinicalTrials.gov API v2 (/api/v2/studies, /studies/{nctId}, /version) over a 2023-2025 snapshot, with injectable faults',
    store,
    stats,
    async register(app: FastifyInstance) {
      app.addHook('preClose', async () => {
        held.releaseAll();
      });

      app.get('/', async (req, reply) => {
        const base = `${req.protocol}://${req.host}${TRIALS_PREFIX}${API}`;
        return reply
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox ClinicalTrials.gov</title></head>` +
              `<body><h1>Sandbox ClinicalTrials.gov API v2</h1><p>Base URL <code>${base}</code>: ${store.size} studies with US sites, data as of ${store.meta.dataTimestamp.slice(0, 10)} (statuses are snapshots, not live). ` +
              `Admin API: <code>POST|GET|DELETE ${TRIALS_PREFIX}/_admin/faults</code> ({kind: status500|timeout|slow, times?, delayMs?}), <code>GET|DELETE ${TRIALS_PREFIX}/_admin/stats</code>.</p></body></html>`,
          );
      });

      app.get(`${API}/version`, async (_req, reply) => {
        if (await faulted(reply)) return reply;
        return { apiVersion: '2.0.0-draft (sandbox)', dataTimestamp: store.meta.dataTimestamp };
      });

      app.get(`${API}/studies`, async (req, reply) => {
        stats.studiesRequests++;
        if (await faulted(reply)) return reply;
        const parsed = parseStudiesQuery(queryOf(req), fields);
        if (!parsed.ok) return badRequest(reply, parsed.message);
        const { query } = parsed;
        const hits = store.search(query.search);
        const page = hits.slice(query.offset, query.offset + query.pageSize);
        const next = query.offset + query.pageSize;
        return reply.type('application/json').send({
          ...(query.countTotal && query.offset === 0 && { totalCount: hits.length }),
          studies: query.fields ? page.map((study) => project(study, query.fields!)) : page,
          ...(next < hits.length && { nextPageToken: encodePageToken(next, query.fingerprint) }),
        });
      });

      app.get<{ Params: { nctId: string } }>(`${API}/studies/:nctId`, async (req, reply) => {
        stats.studyRequests++;
        if (await faulted(reply)) return reply;
        if (!NCT_ID.test(req.params.nctId)) return badRequest(reply, `nctId: "${req.params.nctId}" does not match ^(NCT|nct)\\d{8}$`);
        const params = queryOf(req);
        for (const key of params.keys()) if (key !== 'fields' && key !== 'format') return badRequest(reply, `unknown parameter "${key}"`);
        const format = params.get('format');
        if (format !== null && format !== 'json') return badRequest(reply, 'format: only json is served by this sandbox');
        const study = store.get(req.params.nctId);
        if (!study) return reply.code(404).type('text/plain; charset=utf-8').send(`Study ${req.params.nctId.toUpperCase()} not found`);
        const fieldsParam = params.get('fields');
        if (fieldsParam === null) return study;
        const resolved = fields.resolve(fieldsParam);
        if (!resolved.ok) return badRequest(reply, resolved.message);
        return project(study, resolved.paths);
      });

      // ---- admin API (tests switch faults and count calls) ----
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
        return reply.code(204).send();
      });
      app.get('/_admin/stats', async () => ({ ...stats }));
      app.delete('/_admin/stats', async (_req, reply) => {
        stats.studiesRequests = 0;
        stats.studyRequests = 0;
        return reply.code(204).send();
      });
    },
  };
}
