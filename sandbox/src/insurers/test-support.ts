import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../server';
import { insurerProfile, isInsurerKey } from './insurer-catalogue';
import { createInsurersPartner, type InsurersPartner } from './insurers.partner';
import { defaultScope, WILDCARD_CHOICES } from './smart-scopes';

/** Helpers for the insurer specs (excluded from the build). */

export const HOST = 'sandbox.test:4100';

export interface TestSandbox {
  app: FastifyInstance;
  partner: InsurersPartner;
  /** Moves the partner's clock forward. */
  advance(ms: number): void;
}

export async function startInsurers(): Promise<TestSandbox> {
  let now = Date.now();
  const partner = createInsurersPartner({ now: () => now });
  const app = await buildSandbox([partner]);
  await app.ready();
  return { app, partner, advance: (ms) => void (now += ms) };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const redirectUriFor = (key: string): string => `http://localhost:8080/intermediary/${key}`;
export const basicAuth = (key: string, secret = `sandbox-secret-${key}`): string =>
  `Basic ${Buffer.from(`healthlink-${key}:${secret}`).toString('base64')}`;
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** Authorize requests reach the sandbox on HOST, the origin the published FHIR base (and so `aud`) names. */
export const AUTHORIZE_HEADERS = { ...FORM, host: HOST };
export const fhirBaseFor = (key: string): string => `http://${HOST}/insurers/${key}/fhir`;
/** What a wildcard request shows as checkboxes: all of them, as the page ticks them. */
export const ALL_SHARES: readonly string[] = WILDCARD_CHOICES;

/** The consent form as a browser posts it: the request's parameters, the fields, and one `share` per ticked box. */
export function consentBody(
  params: Record<string, string>,
  fields: Record<string, string>,
  shares: readonly string[] = ALL_SHARES,
): string {
  const body = new URLSearchParams({ ...params, ...fields });
  for (const share of shares) body.append('share', share);
  return body.toString();
}

export function authorizeParams(
  key: string,
  challenge: string,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: `healthlink-${key}`,
    redirect_uri: redirectUriFor(key),
    state: 'state-123',
    scope: 'openid patient/*.read launch/patient offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    aud: fhirBaseFor(key),
    ...(isInsurerKey(key) && insurerProfile(key).scopeVersion === 'v2' ? { scope: defaultScope('v2') } : {}),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Approves on the consent form and returns the redirect Location. */
export async function approve(
  app: FastifyInstance,
  key: string,
  challenge: string,
  username: string,
  overrides: Record<string, string | undefined> = {},
  shares: readonly string[] = ALL_SHARES,
): Promise<URL> {
  const res = await app.inject({
    method: 'POST',
    url: `/insurers/${key}/authorize`,
    headers: AUTHORIZE_HEADERS,
    payload: consentBody(
      authorizeParams(key, challenge, overrides),
      { member: username, password: 'any-password', decision: 'approve' },
      shares,
    ),
  });
  if (res.statusCode !== 302) throw new Error(`approve answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return new URL(res.headers.location as string);
}

/** POST /token; `authorization` null sends no Authorization header. */
export function exchange(app: FastifyInstance, key: string, body: Record<string, string>, authorization: string | null = basicAuth(key)) {
  return app.inject({
    method: 'POST',
    url: `/insurers/${key}/token`,
    headers: { ...FORM, ...(authorization ? { authorization } : {}) },
    payload: new URLSearchParams(body).toString(),
  });
}

/** The whole linking flow for one member: consent, code, token. */
export interface LinkedTokens {
  access_token: string;
  refresh_token: string;
  patient: string;
  expires_in: number;
  scope: string;
  id_token?: string;
}

export async function linkMember(
  app: FastifyInstance,
  key: string,
  username: string,
  options: { overrides?: Record<string, string | undefined>; shares?: readonly string[] } = {},
): Promise<LinkedTokens> {
  const { verifier, challenge } = pkcePair();
  const location = await approve(app, key, challenge, username, options.overrides, options.shares);
  const res = await exchange(app, key, {
    grant_type: 'authorization_code',
    code: location.searchParams.get('code') as string,
    redirect_uri: redirectUriFor(key),
    code_verifier: verifier,
  });
  if (res.statusCode !== 200) throw new Error(`token answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export function fhirGet(app: FastifyInstance, url: string, token?: string) {
  const target = url.startsWith('http') ? new URL(url) : undefined;
  return app.inject({
    method: 'GET',
    url: target ? `${target.pathname}${target.search}` : url,
    headers: { host: target?.host ?? HOST, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}
