import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config';

/**
 * What a broker needs to call the member back, and nothing else: no claims, drugs, diagnoses or plan costs. The
 * protocol is sandbox/README.md's "Broker CRM".
 */
export interface BrokerLeadPayload {
  /** Our lead id; also the Idempotency-Key, so a retried call never makes a second lead. */
  leadId: string;
  /** 10 digits. */
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Two-letter code, when the member's profile has one. */
  state: string | null;
  /** 5 digits, when the member's profile has one. */
  zip: string | null;
  /** The plan the member was looking at, when they asked from one. */
  plan: { bidId: string; name: string; carrier: string } | null;
  /** ISO 8601: when the member asked. */
  createdAt: string;
}

/** The CRM's receipt of a lead. */
export interface CrmReceipt {
  /** The CRM's own id of the lead. */
  crmId: string;
  /** ISO 8601 as the CRM says, or null when it sent none we can read. */
  receivedAt: string | null;
}

/**
 * A failed call: `transient` (not reached, timed out, 5xx, 408, 429: a retry may help) or `permanent` (another 4xx, a
 * redirect we do not follow, an answer that is not the protocol's). `code` is what is stored and recorded: a short
 * upper-case word, never a body. The message names the host and status, never the path, the key or the lead.
 */
export class BrokerCrmError extends Error {
  override readonly name = 'BrokerCrmError';
  constructor(
    message: string,
    readonly kind: 'transient' | 'permanent',
    readonly code: string,
    readonly status: number | null,
    readonly host: string,
  ) {
    super(message);
  }
}

const MAX_REDIRECTS = 3;
const CRM_ID_MAX = 200;

/**
 * The broker CRM's lead webhook over HTTP JSON: `POST {BROKER_CRM_URL}` (the URL exactly as configured, nothing
 * appended) with `Authorization: Bearer {BROKER_CRM_API_KEY}` and `Idempotency-Key: {leadId}`, answered 201 (a new
 * lead) or 200 (the same key again) with `{ id, receivedAt }`. Each call is tried once (the delivery job retries with
 * backoff) and times out after BROKER_CRM_TIMEOUT_MS. A redirect is followed only on the URL's own origin and only when
 * it keeps the POST (307, 308): the key and the member's details go along with it.
 */
@Injectable()
export class BrokerCrmClient {
  private readonly url: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;

  constructor(config: ConfigService<AppConfig, true>) {
    const { url, apiKey, timeoutMs } = config.get('brokerCrm', { infer: true });
    this.url = url;
    this.apiKey = apiKey;
    this.timeoutMs = timeoutMs;
  }

  async sendLead(lead: BrokerLeadPayload): Promise<CrmReceipt> {
    let url = new URL(this.url);
    const origin = url.origin;
    // Named by its host alone: a webhook's path often carries a token of its own, and messages reach the logs.
    const path = `the CRM webhook at ${url.host}`;
    const body = JSON.stringify(lead);
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: `Bearer ${this.apiKey}`,
            'idempotency-key': lead.leadId,
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new BrokerCrmError(
          `POST ${path} ${timedOut ? `timed out after ${this.timeoutMs} ms` : 'could not be reached'}`,
          'transient',
          timedOut ? 'CRM_TIMEOUT' : 'CRM_UNREACHABLE',
          null,
          url.host,
        );
      }
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        const next = location && URL.canParse(location, url.href) ? new URL(location, url) : null;
        // 301/302/303 would turn the POST into a GET: only 307/308 keep it.
        const keepsPost = response.status === 307 || response.status === 308;
        if (!next || next.origin !== origin || !keepsPost || hop >= MAX_REDIRECTS) {
          const why = !next
            ? 'without a location'
            : next.origin !== origin
              ? `to another origin (${next.host})`
              : !keepsPost
                ? 'with a change of method'
                : 'too often';
          throw new BrokerCrmError(`POST ${path} redirected ${why}: not followed`, 'permanent', 'CRM_REDIRECT', response.status, url.host);
        }
        url = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        const transient = response.status >= 500 || response.status === 408 || response.status === 429;
        throw new BrokerCrmError(
          `POST ${path} answered ${response.status}`,
          transient ? 'transient' : 'permanent',
          `CRM_HTTP_${response.status}`,
          response.status,
          url.host,
        );
      }
      let answer: unknown;
      try {
        answer = await response.json();
      } catch {
        // The CRM may have taken the lead: a retry with the same Idempotency-Key answers it again, whole.
        throw new BrokerCrmError(`POST ${path}: the answer is not JSON`, 'transient', 'CRM_BAD_ANSWER', response.status, url.host);
      }
      return parseReceipt(answer, path, response.status, url.host);
    }
  }
}

function parseReceipt(answer: unknown, path: string, status: number, host: string): CrmReceipt {
  const object = typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Record<string, unknown>) : null;
  const id = object?.id;
  if (typeof id !== 'string' || !id.trim() || id.length > CRM_ID_MAX) {
    throw new BrokerCrmError(`POST ${path}: the answer has no lead id`, 'permanent', 'CRM_BAD_ANSWER', status, host);
  }
  const receivedAt = typeof object?.receivedAt === 'string' && !Number.isNaN(Date.parse(object.receivedAt)) ? object.receivedAt : null;
  return { crmId: id.trim(), receivedAt };
}
