import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { createOpenApiDocument } from '../../src/app.factory';
import { MAX_INPUT_DEPTH } from '../../src/common/http/hostile-input';
import { TEST_PASSWORD } from '../factories/user.factory';
import { bearer, createTestApp, tokenFor } from '../utils/test-app';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: Json[];
  example?: Json;
  format?: string;
};
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route {
  method: HttpMethod;
  /** OpenAPI form: /api/pollingEvent/{id} */
  path: string;
  params: string[];
  body?: Schema;
}

interface Probe {
  label: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** When set, the exact status (and error code) the API must answer. */
  expect?: { status: number; code?: string; field?: string };
}

// One hostile value per kind of trouble a path segment can carry (percent-encoded as a client would send it).
const WEIRD_PARAMS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%',
  '%ZZ',
  '%F0%9F%92%A9',
  'x'.repeat(4000),
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '99999999999999999999999',
  '1e309',
  'constructor',
  '__proto__',
  'toString',
  "'%20OR%201%3D1--",
  'null',
  '00000000-0000-0000-0000-000000000000',
  '%EF%BF%BF',
];
const WRONG_TYPES: Json[] = [-1.5, true, null, [], [['nested']], { $gt: '' }];
const HUGE = 'x'.repeat(200_000);
const JSON_TYPE = 'application/json';
const INVALID_UTF8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]);

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function resolve(doc: OpenAPIObject, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return doc.components!.schemas![name] as Schema;
}

/** A body that passes what the schema says, with values shaped by the field's name where the schema is silent. */
function sample(doc: OpenAPIObject, raw: Schema, name = ''): Json {
  const schema = resolve(doc, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.type === 'array') return [sample(doc, schema.items ?? { type: 'string' }, name)];
  if (schema.type === 'object' || schema.properties) {
    if (!schema.properties) return { note: 'fuzz' };
    return Object.fromEntries(Object.entries(schema.properties).map(([key, child]) => [key, sample(doc, child, key)]));
  }
  if (schema.type === 'number' || schema.type === 'integer') return 1;
  if (schema.type === 'boolean') return true;
  const lower = name.toLowerCase();
  if (lower.includes('email')) return `fuzz.${randomUUID().slice(0, 8)}@example.com`;
  if (lower.includes('password')) return TEST_PASSWORD;
  if (lower.includes('phone')) return '(555) 555-0100';
  if (lower.includes('birth')) return '1950-04-02';
  if (lower.includes('postal')) return '94110';
  if (lower === 'state') return 'CA';
  return 'fuzz';
}

/** Paths (as field names: a.b.0) of every string in a sample body. */
function stringLeaves(value: Json, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

function setAt(value: Json, path: string[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, Json>;
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), replacement);
  return copy as Json;
}

function routesOf(doc: OpenAPIObject): Route[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((method) => item[method])
      .map((method) => {
        const operation = item[method]!;
        const params = (operation.parameters ?? []).flatMap((p) => ('in' in p && p.in === 'path' ? [p.name] : []));
        const body = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.['application/json']
          ?.schema;
        return { method: method.toUpperCase() as HttpMethod, path, params, body };
      }),
  );
}

function urlOf(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? randomUUID());
}

function bodyProbes(doc: OpenAPIObject, route: Route): Probe[] {
  const url = urlOf(route);
  const base = sample(doc, route.body ?? { type: 'object', properties: {} });
  const json = (label: string, value: Json, expect?: Probe['expect']): Probe => ({
    label,
    url,
    payload: JSON.stringify(value),
    contentType: 'application/json',
    expect,
  });
  const probes: Probe[] = [];
  for (const leaf of stringLeaves(base)) {
    const field = leaf.join('.');
    const refused = { status: 400, code: 'REQUEST.VALIDATION_FAILED', field };
    probes.push(json(`NUL in ${field}`, setAt(base, leaf, 'before\u0000after'), refused));
    probes.push(json(`lone high surrogate in ${field}`, setAt(base, leaf, 'a\ud800b'), refused));
    probes.push(json(`lone low surrogate in ${field}`, setAt(base, leaf, '\udfffz'), refused));
    probes.push(json(`huge ${field}`, setAt(base, leaf, HUGE)));
    WRONG_TYPES.forEach((wrong) => probes.push(json(`${JSON.stringify(wrong)} as ${field}`, setAt(base, leaf, wrong))));
  }
  const deep = { status: 400, code: 'REQUEST.NESTING_TOO_DEEP' };
  const fuzzKey = `fuzz${'\u0000'}key`;
  probes.push(
    json('NUL in a property name', { ...(base as object), [fuzzKey]: 1 }, { status: 400, code: 'REQUEST.VALIDATION_FAILED' }),
    { label: '2,000-deep objects', url, payload: deepJson(2000), contentType: 'application/json', expect: deep },
    { label: '2,000-deep arrays', url, payload: `${'['.repeat(2000)}${']'.repeat(2000)}`, contentType: 'application/json', expect: deep },
    // As deep as the 1 MiB body limit allows.
    { label: '500,000-deep arrays', url, payload: `${'['.repeat(500_000)}${']'.repeat(500_000)}`, contentType: JSON_TYPE, expect: deep },
    json('deep value in a field', { ...(base as object), note: JSON.parse(deepJson(MAX_INPUT_DEPTH + 1)) }, deep),
    json('nesting at the limit', JSON.parse(deepJson(MAX_INPUT_DEPTH - 1))),
    json('array instead of object', [base]),
    json('empty array', []),
    json('string body', 'fuzz'),
    json('number body', 1),
    json('null body', null),
    json('empty object', {}),
    { label: 'raw \\u0000 escape', url, payload: '{"x":"\\u0000"}', contentType: 'application/json', expect: { status: 400 } },
    { label: 'truncated JSON', url, payload: '{"a":', contentType: 'application/json', expect: { status: 400 } },
    { label: 'empty JSON body', url, payload: '', contentType: 'application/json', expect: { status: 400 } },
    // {"a":"<the UTF-8 bytes of U+D800>"}: not UTF-8 at all.
    { label: 'invalid UTF-8 bytes', url, payload: INVALID_UTF8, contentType: 'application/json' },
    { label: 'text/plain', url, payload: 'fuzz', contentType: 'text/plain', expect: { status: 415 } },
    { label: 'form-encoded', url, payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', expect: { status: 415 } },
    {
      label: 'multipart',
      url,
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
      expect: { status: 415 },
    },
    { label: 'xml', url, payload: '<a/>', contentType: 'application/xml', expect: { status: 415 } },
  );
  return probes;
}

function paramProbes(route: Route): Probe[] {
  return route.params.flatMap((name) =>
    WEIRD_PARAMS.map((value) => ({
      label: `${name}=${value.slice(0, 40)}`,
      url: urlOf(route, { [name]: value }),
      payload: route.body ? '{}' : undefined,
      contentType: route.body ? 'application/json' : undefined,
      expect: value.includes('%00') ? { status: 400 } : undefined,
    })),
  );
}

function queryProbes(route: Route): Probe[] {
  const url = urlOf(route);
  return [
    { label: 'NUL in the query', url: `${url}?q=a%00b`, expect: { status: 400, code: 'REQUEST.VALIDATION_FAILED', field: 'query.q' } },
    { label: 'bracket query', url: `${url}?a[b][c]=1&a[__proto__]=2` },
    { label: 'surrogate bytes in the query', url: `${url}?q=%ED%A0%80` },
  ];
}

describe('hostile input on every route of the OpenAPI document', () => {
  let app: NestFastifyApplication;
  let doc: OpenAPIObject;
  let routes: Route[];
  let nextAddress = 0;

  beforeAll(async () => {
    app = await createTestApp();
    doc = createOpenApiDocument(app);
    routes = routesOf(doc);
  });
  afterAll(() => app?.close());

  async function send(route: Route, probe: Probe, token?: string): Promise<{ failure?: string; status: number }> {
    nextAddress += 1;
    const headers: Record<string, string> = {
      // A fresh address per request: per-address rate limits must not hide what is behind them.
      'x-forwarded-for': `10.77.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
      ...(token ? bearer(token) : {}),
      ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
    };
    const res = await app.inject({ method: route.method, url: probe.url, headers, payload: probe.payload });
    const fail = (failure: string) => ({ failure, status: res.statusCode });
    const who = token ? 'with session' : 'anonymous';
    const where = `${route.method} ${route.path} [${probe.label}] (${who})`;
    if (res.statusCode >= 500) return fail(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (token && res.statusCode === 429) return fail(`${where} -> 429: the probe never reached the route`);
    const expected = probe.expect;
    if (!expected) return { status: res.statusCode };
    const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : {};
    if (res.statusCode !== expected.status)
      return fail(`${where} -> ${res.statusCode}, expected ${expected.status}: ${res.body.slice(0, 200)}`);
    if (expected.code && body.code !== expected.code) return fail(`${where} -> code ${body.code}, expected ${expected.code}`);
    if (expected.field && body.errors?.[0]?.field !== expected.field) {
      return fail(`${where} -> field ${JSON.stringify(body.errors)}, expected ${expected.field}`);
    }
    return { status: res.statusCode };
  }

  async function run(probesOf: (route: Route) => Probe[], filter: (route: Route) => boolean): Promise<string[]> {
    const failures: string[] = [];
    for (const route of routes.filter(filter)) {
      let { token } = await tokenFor(app);
      // A probe that ended the account (DELETE /api/users) or spent a per-account limit leaves the next probes
      // answered 401 or 429 before they reach the code under test: such a probe is sent again with a new account.
      const withSession = async (probe: Probe) => {
        const first = await send(route, probe, token);
        if (first.status !== 401 && first.status !== 429) return first;
        ({ token } = await tokenFor(app));
        return send(route, probe, token);
      };
      for (const probe of probesOf(route)) {
        const answers = await Promise.all([send(route, probe), withSession(probe)]);
        failures.push(...answers.flatMap((answer) => (answer.failure ? [answer.failure] : [])));
      }
    }
    return failures;
  }

  it('reads a document that lists the routes with bodies and with path parameters', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /api/errors/log', 'PUT /api/updateUserProfile', 'GET /api/pollingEvent/{id}']));
    expect(routes.filter((r) => r.body).length).toBeGreaterThanOrEqual(10);
  });

  it('never answers 5xx to a malformed body, and refuses NUL, lone surrogates and deep nesting with a 400 naming the field', async () => {
    // Routes that take no body get them too: a client may send one anyway.
    expect(
      await run(
        (route) => bodyProbes(doc, route),
        (route) => route.method !== 'GET',
      ),
    ).toEqual([]);
    // Several thousand requests: about 20 s on a quiet machine, more beside other suites.
  }, 120_000);

  it('never answers 5xx to a weird path parameter', async () => {
    expect(await run(paramProbes, (route) => route.params.length > 0)).toEqual([]);
  });

  it('never answers 5xx to a hostile query string, and refuses NUL in it', async () => {
    expect(await run(queryProbes, () => true)).toEqual([]);
  });
});
