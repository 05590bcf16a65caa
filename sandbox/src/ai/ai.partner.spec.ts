import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config';
import { buildSandbox } from '../server';
import { createAiPartner, instanceOf, SANDBOX_AI_API_KEY } from './ai.partner';

describe('AI partner (OpenAI-compatible chat completions)', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildSandbox([createAiPartner()]);
  });
  afterEach(() => app.close());

  const auth = { authorization: `Bearer ${SANDBOX_AI_API_KEY}` };
  const chat = (payload: object | string, headers: Record<string, string> = auth) =>
    app.inject({ method: 'POST', url: '/ai/v1/chat/completions', payload, headers: { 'content-type': 'application/json', ...headers } });
  const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'Define E11.9' }] };

  it('answers a deterministic completion with usage, and records the body', async () => {
    const first = await chat(body);
    const second = await chat(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'Sandbox completion of a 1-message conversation.' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 12, total_tokens: 15 },
    });
    expect(second.json()).toEqual(first.json());
    const listed = (await app.inject({ method: 'GET', url: '/ai/_admin/requests' })).json();
    expect(listed.requests).toHaveLength(2);
    expect(listed.requests[0].body).toEqual(body);
    expect((await app.inject({ method: 'DELETE', url: '/ai/_admin/requests' })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/ai/_admin/requests' })).json().requests).toEqual([]);
  });

  it('answers an instance of the json_schema asked', async () => {
    const schema = {
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' }, details: { type: 'string' } } } },
      },
    };
    const res = await chat({ ...body, response_format: { type: 'json_schema', json_schema: { name: 's', schema, strict: true } } });
    expect(JSON.parse(res.json().choices[0].message.content)).toEqual({
      items: [
        { title: 'Sandbox title 1.', details: 'Sandbox details 1.' },
        { title: 'Sandbox title 2.', details: 'Sandbox details 2.' },
      ],
    });
    expect(instanceOf({ type: 'object', properties: { term: { type: 'string' } } })).toEqual({ term: 'Sandbox term.' });
  });

  it('refuses a missing or wrong key (401) before reading the body, and a bad body (400) in OpenAI error shape', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }] as Record<string, string>[]) {
      const res = await chat(body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    const bad = await chat({ model: 'gpt-4o', messages: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ param: 'messages' });
    expect((await chat('{"model":')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/ai/_admin/requests' })).json().requests).toEqual([]);
  });

  it('injects faults: 429, 500, malformed, each for the times asked', async () => {
    for (const kind of ['status429', 'status500', 'malformed']) {
      const set = await app.inject({ method: 'POST', url: '/ai/_admin/faults', payload: { kind, times: 1 } });
      expect(set.statusCode).toBe(201);
      const res = await chat(body);
      if (kind === 'malformed') {
        expect(res.statusCode).toBe(200);
        expect(() => JSON.parse(res.body)).toThrow();
      } else expect(res.statusCode).toBe(kind === 'status429' ? 429 : 500);
      expect((await chat(body)).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'POST', url: '/ai/_admin/faults', payload: { kind: 'nope' } })).statusCode).toBe(400);
  });

  it('takes its key from SANDBOX_AI_API_KEY', () => {
    expect(loadConfig({ SANDBOX_AI_API_KEY: 'another-ai-key-1' }).aiApiKey).toBe('another-ai-key-1');
    expect(loadConfig({}).aiApiKey).toBeUndefined();
  });
});
