import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../html';
import { delayMsProblem, HeldRequests } from '../held-requests';
import type { SandboxPartner } from '../partner';
import { FILL_QUANTITY, PHARMACIES, PriceList, type PricedDrug, type PricedOffer } from './price-list';

export const COUPONS_PREFIX = '/coupons';
/** The API key the sandbox accepts in `X-Api-Key` (the backend's default COUPONS_API_KEY). */
export const SANDBOX_COUPONS_API_KEY = 'sandbox-coupons-key';
/** Enrollment test numbers: these phones get the status named, whatever else is sent. */
export const TEST_PHONES = { incomplete: '5550000001', failed: '5550000002' } as const;

export const FAIL_MODES = ['off', 'error', 'timeout', 'malformed'] as const;
export type FailMode = (typeof FAIL_MODES)[number];
const DEFAULT_TIMEOUT_MS = 30_000;

export interface CouponsPartnerOptions {
  prices?: PriceList;
  /** Where browsers reach the sandbox (the redemption links); default: the origin each request came to. */
  publicUrl?: string;
}

export type CouponsPartner = SandboxPartner & { prices: PriceList };

interface Enrollment {
  token: string;
  memberId: string;
  drug: string | null;
  createdAt: string;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
/** 11 digits as 5-4-2 with dashes, the HIPAA form claims print (the labeler's own 10-digit split is not known here). */
const fdaNdcOf = (ndc11: string): string => `${ndc11.slice(0, 5)}-${ndc11.slice(5, 9)}-${ndc11.slice(9)}`;

function offerJson(offer: PricedOffer | null) {
  if (!offer) return null;
  return {
    description: offer.description,
    ndc: offer.ndc,
    quantity: offer.quantity,
    unit: offer.unit,
    priceDate: offer.priceDate,
    retailPrice: offer.retailPrice,
    prices: offer.prices,
  };
}

const drugJson = (drug: PricedDrug) => ({
  name: drug.name,
  brandName: drug.brandName,
  strength: drug.strength,
  generic: offerJson(drug.generic),
  brand: offerJson(drug.brand),
});

/**
 * A prescription discount-card service (the kind RxLink or GoodRx runs), over HTTP JSON with an API key, priced from the
 * CMS NADAC weekly file: best price per pharmacy and retail for a drug's brand and generic forms, enrollment of a phone
 * returning a redemption link, and savings for an NDC list at a pharmacy. The protocol is in sandbox/README.md.
 */
export function createCouponsPartner(options: CouponsPartnerOptions = {}): CouponsPartner {
  const prices = options.prices ?? PriceList.load();
  const enrollmentsByPhone = new Map<string, Enrollment>();
  const enrollmentsByToken = new Map<string, Enrollment>();
  /** Idempotency-Key -> the answer given: a retried enrollment gets the first answer again, not `duplicate`. */
  const answered = new Map<string, { status: number; body: unknown }>();
  let failure: { mode: FailMode; delayMs: number } = { mode: 'off', delayMs: 0 };
  const held = new HeldRequests();

  const problem = (reply: FastifyReply, status: number, error: string, message: string) => reply.code(status).send({ error, message });

  /** The API's gate: the key, then the failure switch. Answers true when the request was already answered. */
  async function gate(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (req.headers['x-api-key'] !== SANDBOX_COUPONS_API_KEY) {
      problem(reply, 401, 'unauthorized', 'A valid X-Api-Key header is required');
      return true;
    }
    if (failure.mode === 'error') {
      problem(reply, 503, 'unavailable', 'Injected failure: the coupon service is unavailable');
      return true;
    }
    if (failure.mode === 'timeout') {
      const waited = await held.hold(failure.delayMs);
      problem(reply, waited === 'closed' ? 503 : 504, 'timeout', `Injected failure: no answer for ${failure.delayMs} ms`);
      return true;
    }
    return false;
  }

  /** Sends JSON, cut in half when the switch says `malformed`. */
  function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
    let text = JSON.stringify(body);
    if (failure.mode === 'malformed') text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    return reply.code(status).type('application/json; charset=utf-8').send(text);
  }

  const publicOrigin = (req: FastifyRequest) => options.publicUrl ?? `${req.protocol}://${req.host}`;

  return {
    prefix: COUPONS_PREFIX,
    description: 'Prescription coupon service: prices (NADAC-based, per pharmacy), enrollment by phone, savings',
    prices,
    async stop() {
      held.releaseAll();
    },
    async register(app: FastifyInstance) {
      app.addHook('onClose', async () => {
        held.releaseAll();
      });

      app.get('/', async (_req, reply) => {
        reply.type('text/html; charset=utf-8');
        return (
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox coupon service</title></head><body>` +
          `<h1>Sandbox coupon service</h1><p>HTTP JSON with <code>X-Api-Key: ${SANDBOX_COUPONS_API_KEY}</code>: ` +
          `<code>GET ${COUPONS_PREFIX}/v1/prices?drug=|ndc=</code>, <code>GET ${COUPONS_PREFIX}/v1/pharmacies</code>, ` +
          `<code>POST ${COUPONS_PREFIX}/v1/enrollments</code>, <code>POST ${COUPONS_PREFIX}/v1/savings</code>. ` +
          `Prices from the CMS NADAC file of ${escapeHtml(prices.asOf)}. Admin: <code>POST|GET|DELETE ${COUPONS_PREFIX}/_admin/fail</code>.</p></body></html>`
        );
      });

      app.get('/v1/pharmacies', async (req, reply) => {
        if (await gate(req, reply)) return reply;
        return send(reply, 200, { pharmacies: PHARMACIES.map((p) => ({ npi: p.npi, name: p.name })) });
      });

      app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/v1/prices', async (req, reply) => {
        if (await gate(req, reply)) return reply;
        const { drug, ndc, zip } = req.query;
        if (zip !== undefined && (typeof zip !== 'string' || !/^\d{5}$/.test(zip))) {
          return problem(reply, 400, 'invalid_request', 'zip must be 5 digits');
        }
        if ((drug === undefined) === (ndc === undefined)) return problem(reply, 400, 'invalid_request', 'Give exactly one of drug and ndc');
        if (ndc !== undefined) {
          if (typeof ndc !== 'string' || !/^\d{11}$/.test(ndc)) return problem(reply, 400, 'invalid_request', 'ndc must be 11 digits');
          const found = prices.drugOfNdc(ndc);
          return send(reply, 200, { asOf: prices.asOf, drugs: found ? [drugJson(found)] : [] });
        }
        if (typeof drug !== 'string' || !drug.trim() || drug.length > 200) {
          return problem(reply, 400, 'invalid_request', 'drug must be 1 to 200 characters');
        }
        return send(reply, 200, { asOf: prices.asOf, drugs: prices.search(drug).map(drugJson) });
      });

      app.post('/v1/enrollments', async (req, reply) => {
        if (await gate(req, reply)) return reply;
        const key = req.headers['idempotency-key'];
        if (key !== undefined && (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key))) {
          return problem(reply, 400, 'invalid_request', 'Idempotency-Key must be 8 to 100 letters, digits, - or _');
        }
        const earlier = key ? answered.get(key) : undefined;
        if (earlier) return send(reply, earlier.status, earlier.body);
        const result = enroll(req);
        if (key && result.status < 300) answered.set(key, result);
        return send(reply, result.status, result.body);
      });

      function enroll(req: FastifyRequest): { status: number; body: unknown } {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const bad = (message: string) => ({ status: 400, body: { error: 'invalid_request', message } });
        if (typeof body !== 'object' || Array.isArray(body)) return bad('The body must be a JSON object');
        const { phone, ndc, drugName } = body;
        if (typeof phone !== 'string' || !/^\d{10}$/.test(phone)) return bad('phone must be 10 digits');
        if (ndc !== undefined && ndc !== null && (typeof ndc !== 'string' || !/^\d{11}$/.test(ndc))) {
          return bad('ndc must be 11 digits');
        }
        if (drugName !== undefined && drugName !== null && (typeof drugName !== 'string' || drugName.length > 200)) {
          return bad('drugName must be text of at most 200 characters');
        }
        if (phone === TEST_PHONES.incomplete) {
          return {
            status: 200,
            body: { status: 'incomplete', message: 'The member must confirm the text message we sent before the card is issued' },
          };
        }
        if (phone === TEST_PHONES.failed)
          return { status: 200, body: { status: 'failed', message: 'The card issuer declined this enrollment' } };
        const known = enrollmentsByPhone.get(phone);
        if (known) return { status: 200, body: { status: 'duplicate', message: 'This phone number is already enrolled' } };
        const drug =
          (typeof ndc === 'string' ? prices.rateOfNdc(ndc)?.description : undefined) ??
          (typeof drugName === 'string' && drugName.trim() ? drugName.trim() : null);
        const enrollment: Enrollment = {
          token: randomBytes(18).toString('base64url'),
          memberId: `SBX${randomBytes(5).toString('hex').toUpperCase()}`,
          drug,
          createdAt: new Date().toISOString(),
        };
        enrollmentsByPhone.set(phone, enrollment);
        enrollmentsByToken.set(enrollment.token, enrollment);
        return {
          status: 201,
          body: {
            status: 'created',
            memberId: enrollment.memberId,
            redemptionUrl: `${publicOrigin(req)}${COUPONS_PREFIX}/redeem/${enrollment.token}`,
          },
        };
      }

      app.post('/v1/savings', async (req, reply) => {
        if (await gate(req, reply)) return reply;
        const body = (req.body ?? {}) as Record<string, unknown>;
        const { ndcs, zip, pharmacyNpi, phone } = body;
        if (!Array.isArray(ndcs) || !ndcs.length || ndcs.length > 200 || ndcs.some((n) => typeof n !== 'string' || !/^\d{11}$/.test(n))) {
          return problem(reply, 400, 'invalid_request', 'ndcs must be a list of 1 to 200 NDCs of 11 digits');
        }
        if (typeof zip !== 'string' || !/^\d{5}$/.test(zip)) return problem(reply, 400, 'invalid_request', 'zip must be 5 digits');
        if (typeof pharmacyNpi !== 'string' || !/^\d{10}$/.test(pharmacyNpi)) {
          return problem(reply, 400, 'invalid_request', 'pharmacyNpi must be 10 digits');
        }
        if (typeof phone !== 'string' || !/^\d{10}$/.test(phone)) return problem(reply, 400, 'invalid_request', 'phone must be 10 digits');
        const inNetwork = PHARMACIES.find((p) => p.npi === pharmacyNpi);
        const results = [];
        const notFound: string[] = [];
        for (const ndc of new Set(ndcs as string[])) {
          const drug = prices.drugOfNdc(ndc);
          const offer = drug && (prices.rateOfNdc(ndc)!.brand ? drug.brand : drug.generic);
          if (!offer) {
            notFound.push(ndc);
            continue;
          }
          // At the member's pharmacy when it is in the network, else at the network's cheapest.
          const at = (inNetwork && offer.prices.find((p) => p.pharmacy.npi === inNetwork.npi)) || offer.prices[0]!;
          results.push({
            ndc,
            fdaNdc: fdaNdcOf(ndc),
            drugName: offer.description,
            quantity: FILL_QUANTITY,
            retailPrice: offer.retailPrice,
            bestPrice: at.price,
            savings: round2(offer.retailPrice - at.price),
            pharmacy: at.pharmacy,
            priceDate: offer.priceDate,
          });
        }
        return send(reply, 200, {
          asOf: prices.asOf,
          pharmacy: inNetwork
            ? { npi: inNetwork.npi, name: inNetwork.name, inNetwork: true }
            : { npi: pharmacyNpi, name: null, inNetwork: false },
          results,
          notFound,
        });
      });

      // The page a member lands on from the redemption link (a browser page: no key).
      app.get<{ Params: { token: string } }>('/redeem/:token', async (req, reply) => {
        const enrollment = enrollmentsByToken.get(req.params.token);
        reply.type('text/html; charset=utf-8');
        if (!enrollment) {
          return reply
            .code(404)
            .send(
              '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Coupon not found</title></head><body><h1>Coupon not found</h1></body></html>',
            );
        }
        const drug = enrollment.drug ? escapeHtml(enrollment.drug) : 'your prescriptions';
        return (
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your sandbox coupon</title></head><body>` +
          `<h1>Your coupon for ${drug}</h1>` +
          `<p>This is a sandbox coupon: it stands in for a real discount card and is not accepted at any pharmacy.</p>` +
          `<dl><dt>Member ID</dt><dd>${escapeHtml(enrollment.memberId)}</dd><dt>BIN</dt><dd>000000</dd><dt>PCN</dt><dd>SANDBOX</dd>` +
          `<dt>Group</dt><dd>HLSBX</dd><dt>Issued</dt><dd>${escapeHtml(enrollment.createdAt.slice(0, 10))}</dd></dl></body></html>`
        );
      });

      // ---- admin API (tests make every API call fail) ----
      app.get('/_admin/fail', async () => failure);
      app.post('/_admin/fail', async (req, reply) => {
        const body = req.body as Record<string, unknown> | undefined;
        const mode = body?.mode;
        if (!body || typeof body !== 'object' || typeof mode !== 'string' || !(FAIL_MODES as readonly string[]).includes(mode)) {
          return reply.code(400).send({ message: `mode must be one of ${FAIL_MODES.join(', ')}` });
        }
        const delayMs = body.delayMs;
        const delayProblem = delayMsProblem(delayMs);
        if (delayProblem) return reply.code(400).send({ message: delayProblem });
        failure = { mode: mode as FailMode, delayMs: mode === 'timeout' ? ((delayMs as number | undefined) ?? DEFAULT_TIMEOUT_MS) : 0 };
        return failure;
      });
      app.delete('/_admin/fail', async (_req, reply) => {
        failure = { mode: 'off', delayMs: 0 };
        held.releaseAll();
        return reply.code(204).send();
      });
    },
  };
}
