import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { HeldRequests, parseFaultSwitch } from '../held-requests';
import type { SandboxPartner } from '../partner';

export const AI_PREFIX = '/ai';
/** The bearer key the sandbox AI accepts unless SANDBOX_AI_API_KEY says otherwise (the backend's default AI_API_KEY). */
export const SANDBOX_AI_API_KEY = 'sandbox-ai-key';
/** Prompts are a few KB; the real API takes more, but nothing the product sends comes near this. */
export const CHAT_BODY_LIMIT_BYTES = 1024 * 1024;
/** Requests kept (newest); older ones are forgotten so a long-running sandbox does not grow without end. */
const KEPT_REQUESTS = 500;

export const AI_FAULT_KINDS = ['status429', 'status500', 'status503', 'timeout', 'slow', 'malformed'] as const;
export type AiFaultKind = (typeof AI_FAULT_KINDS)[number];

export interface AiFault {
  id: number;
  kind: AiFaultKind;
  remaining: number | null;
  delayMs: number;
}

/** One chat-completions request as it arrived (the body exactly as parsed), for tests to read. */
export interface ReceivedChatRequest {
  id: string;
  receivedAt: string;
  body: unknown;
}

export interface AiPartnerOptions {
  apiKey?: string;
}

export type AiPartner = SandboxPartner & {
  /** Newest first. */
  requests(): ReceivedChatRequest[];
};

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
}

const ARRAY_ITEMS = 2;

/** A deterministic instance of a JSON schema: strings name their property ("Sandbox title 1"), arrays hold 2 items. */
export function instanceOf(schema: JsonSchema, name = 'value', index: number | null = null): unknown {
  const suffix = index === null ? '' : ` ${index + 1}`;
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, instanceOf(sub, key, index)]));
    case 'array':
      return Array.from({ length: ARRAY_ITEMS }, (_, i) => instanceOf(schema.items ?? { type: 'string' }, name, i));
    case 'number':
    case 'integer':
      return index ?? 0;
    case 'boolean':
      return false;
    default:
      return `Sandbox ${name}${suffix}.`;
  }
}

/** About four characters a token, as OpenAI's rule of thumb for English says: deterministic, never zero. */
const tokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

type ChatBody = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type?: string; json_schema?: { schema?: JsonSchema } };
};

function parseChatBody(body: unknown): { ok: true; body: ChatBody } | { ok: false; message: string; param: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, message: 'The body must be a JSON object', param: 'body' };
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || !b.model) return { ok: false, message: 'you must provide a model parameter', param: 'model' };
  if (!Array.isArray(b.messages) || b.messages.length === 0)
    return { ok: false, message: "'messages' must be a non-empty array", param: 'messages' };
  for (const [i, m] of b.messages.entries()) {
    const message = m as Record<string, unknown> | null;
    if (!message || typeof message !== 'object' || !['system', 'user', 'assistant', 'developer'].includes(String(message.role)))
      return { ok: false, message: `messages[${i}].role is invalid`, param: `messages[${i}].role` };
    if (typeof message.content !== 'string')
      return { ok: false, message: `messages[${i}].content must be a string`, param: `messages[${i}].content` };
  }
  const format = b.response_format as ChatBody['response_format'];
  if (format !== undefined && (typeof format !== 'object' || !['text', 'json_object', 'json_schema'].includes(String(format?.type))))
    return { ok: false, message: 'response_format.type must be text, json_object or json_schema', param: 'response_format' };
  if (format?.type === 'json_schema' && (typeof format.json_schema?.schema !== 'object' || format.json_schema.schema === null))
    return { ok: false, message: 'response_format.json_schema.schema is required', param: 'response_format.json_schema' };
  return { ok: true, body: b as unknown as ChatBody };
}

/**
 * An OpenAI-compatible chat-completions server: `POST /ai/v1/chat/completions` with a bearer key answers a
 * deterministic completion with its usage (a JSON instance of the schema asked by `response_format` json_schema, or a
 * sentence), in OpenAI's error shape when it refuses. Every request body is recorded: `GET /ai/_admin/requests` lists
 * them newest first (tests assert what left the product). Faults (429, 500, 503, timeout, slow, malformed) are switched
 * by an admin API. State is per process.
 */
export function createAiPartner(options: AiPartnerOptions = {}): AiPartner {
  const apiKey = options.apiKey ?? SANDBOX_AI_API_KEY;
  let received: ReceivedChatRequest[] = [];
  let faults: AiFault[] = [];
  let nextFaultId = 1;
  const held = new HeldRequests();

  const problem = (
    reply: FastifyReply,
    status: number,
    type: string,
    message: string,
    param: string | null = null,
    code: string | null = null,
  ) => reply.code(status).send({ error: { message, type, param, code } });

  const takeFault = (): AiFault | undefined => {
    const fault = faults[0];
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults = faults.slice(1);
    }
    return { ...fault };
  };

  function authorized(req: FastifyRequest): boolean {
    const header = req.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer (\S+)$/i.exec(header.trim()) : null;
    return match?.[1] === apiKey;
  }

  return {
    prefix: AI_PREFIX,
    description:
      'OpenAI-compatible chat completions: POST /v1/chat/completions (bearer key), deterministic answers, recorded requests, injectable faults',
    requests: () => [...received],
    async stop() {
      held.releaseAll();
    },
    async register(app: FastifyInstance) {
      app.addHook('preClose', async () => {
        held.releaseAll();
      });
      app.setErrorHandler((error: FastifyError, _req, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        const message =
          status === 413
            ? `The body must be at most ${CHAT_BODY_LIMIT_BYTES} bytes`
            : status === 415
              ? 'The body must be application/json'
              : status === 400
                ? 'We could not parse the JSON body of your request.'
                : 'Internal error';
        return problem(reply, status, status === 500 ? 'server_error' : 'invalid_request_error', message);
      });

      app.get('/', async (_req, reply) => {
        reply.type('text/html; charset=utf-8');
        return (
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox AI</title></head><body>` +
          `<h1>Sandbox AI (OpenAI-compatible)</h1><p>${received.length} request(s) received. With <code>Authorization: Bearer &lt;key&gt;</code>: ` +
          `<code>POST ${AI_PREFIX}/v1/chat/completions</code>. Admin: <code>GET|DELETE ${AI_PREFIX}/_admin/requests</code>, ` +
          `<code>POST|GET|DELETE ${AI_PREFIX}/_admin/faults</code>.</p></body></html>`
        );
      });

      await app.register(async (api) => {
        // Before the body is read: an unknown caller learns nothing about what the server would accept.
        api.addHook('onRequest', async (req, reply) => {
          if (!authorized(req)) return problem(reply, 401, 'invalid_request_error', 'Incorrect API key provided.', null, 'invalid_api_key');
        });

        api.post('/v1/chat/completions', { bodyLimit: CHAT_BODY_LIMIT_BYTES }, async (req, reply) => {
          const parsed = parseChatBody(req.body);
          if (!parsed.ok) return problem(reply, 400, 'invalid_request_error', parsed.message, parsed.param);
          received = [{ id: randomUUID(), receivedAt: new Date().toISOString(), body: req.body }, ...received].slice(0, KEPT_REQUESTS);

          const fault = takeFault();
          if (fault?.kind === 'status429')
            return problem(reply, 429, 'rate_limit_error', 'Injected fault: rate limit reached', null, 'rate_limit_exceeded');
          if (fault?.kind === 'status500') return problem(reply, 500, 'server_error', 'Injected fault: internal server error');
          if (fault?.kind === 'status503') return problem(reply, 503, 'server_error', 'Injected fault: the engine is overloaded');
          if (fault?.kind === 'timeout' || fault?.kind === 'slow') {
            const waited = await held.hold(fault.delayMs);
            if (waited === 'closed') return problem(reply, 503, 'server_error', 'The server is shutting down');
            if (fault.kind === 'timeout') return problem(reply, 504, 'server_error', `Injected fault: no answer for ${fault.delayMs} ms`);
          }

          const { model, messages, response_format: format } = parsed.body;
          const prompt = messages.map((m) => m.content).join('\n');
          const content =
            format?.type === 'json_schema'
              ? JSON.stringify(instanceOf(format.json_schema!.schema!))
              : format?.type === 'json_object'
                ? '{}'
                : `Sandbox completion of a ${messages.length}-message conversation.`;
          const promptTokens = tokens(prompt);
          const completionTokens = tokens(content);
          const digest = createHash('sha256').update(JSON.stringify(parsed.body)).digest('hex');
          const body = JSON.stringify({
            id: `chatcmpl-sandbox-${digest.slice(0, 24)}`,
            object: 'chat.completion',
            created: 1767225600,
            model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
          });
          // `malformed`: the completion is cut (not JSON).
          const text = fault?.kind === 'malformed' ? body.slice(0, Math.floor(body.length / 2)) : body;
          return reply.code(200).type('application/json; charset=utf-8').send(text);
        });
      });

      // ---- admin API (tests read the requests, switch faults) ----
      app.get('/_admin/requests', async () => ({ requests: received }));
      app.delete('/_admin/requests', async (_req, reply) => {
        received = [];
        return reply.code(204).send();
      });
      app.get('/_admin/faults', async () => ({ faults: faults.map((f) => ({ ...f })) }));
      app.post('/_admin/faults', async (req, reply) => {
        const parsed = parseFaultSwitch(req.body, AI_FAULT_KINDS);
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
    },
  };
}
