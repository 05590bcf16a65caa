import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../server';
import { INSURER_KEYS } from './insurer-catalogue';
import { createInsurersPartner } from './insurers.partner';
import { HOST } from './test-support';

const OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris';

/** SMART App Launch 2 discovery: smart-configuration, the CapabilityStatement fallback, and their faults. */
describe('insurers partner: SMART discovery', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    const partner = createInsurersPartner();
    app = await buildSandbox([partner, partner.blueButtonPaths]);
  });
  afterEach(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST } });
  const addFault = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/insurers/_admin/faults', payload: body });
  const oauthUris = (cs: { rest: { security: { extension: { url: string; extension: { url: string; valueUri: string }[] }[] } }[] }) =>
    Object.fromEntries((cs.rest[0]?.security.extension.find((e) => e.url === OAUTH_URIS)?.extension ?? []).map((e) => [e.url, e.valueUri]));

  it.each(INSURER_KEYS.map((key) => [key]))('%s publishes a complete smart-configuration at its FHIR base', async (key) => {
    const res = await get(`/insurers/${key}/fhir/.well-known/smart-configuration`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const version = key === 'humana' ? 'v2' : 'v1';
    const base = `http://${HOST}/insurers/${key}`;
    const config = res.json();
    expect(config).toEqual({
      issuer: `${base}/fhir`,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      revocation_endpoint: `${base}/revoke`,
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: expect.arrayContaining(['openid', 'fhirUser', 'launch/patient', 'offline_access']),
      capabilities: [
        'launch-standalone',
        'client-confidential-symmetric',
        'context-standalone-patient',
        'permission-offline',
        'permission-patient',
        `permission-${version}`,
      ],
    });
    const resourceScopes = (config.scopes_supported as string[]).filter((s) => s.startsWith('patient/'));
    expect(resourceScopes).toEqual(
      expect.arrayContaining(
        ['ExplanationOfBenefit', 'Patient', 'Coverage', 'Condition', 'Encounter', 'MedicationRequest'].map(
          (t) => `patient/${t}.${version === 'v1' ? 'read' : 'rs'}`,
        ),
      ),
    );
    expect(resourceScopes.every((s) => s.endsWith(version === 'v1' ? '.read' : '.rs'))).toBe(true);
    // The same document at the OAuth base.
    expect((await get(`/insurers/${key}/.well-known/smart-configuration`)).json()).toEqual(config);
  });

  it('publishes Blue Button discovery under /v2/fhir with its slashed endpoints', async () => {
    const config = (await get('/v2/fhir/.well-known/smart-configuration')).json();
    expect(config).toMatchObject({
      issuer: `http://${HOST}/v2/fhir`,
      authorization_endpoint: `http://${HOST}/v2/o/authorize/`,
      token_endpoint: `http://${HOST}/v2/o/token/`,
      revocation_endpoint: `http://${HOST}/v2/o/revoke_token/`,
      code_challenge_methods_supported: ['S256'],
      capabilities: expect.arrayContaining(['permission-v1']),
    });
  });

  it.each([
    [
      '/insurers/cigna/fhir/metadata',
      `http://${HOST}/insurers/cigna/authorize`,
      `http://${HOST}/insurers/cigna/token`,
      `http://${HOST}/insurers/cigna/revoke`,
    ],
    ['/v2/fhir/metadata', `http://${HOST}/v2/o/authorize/`, `http://${HOST}/v2/o/token/`, `http://${HOST}/v2/o/revoke_token/`],
  ])('serves %s without a token, with the oauth-uris extension as the fallback', async (url, authorize, token, revoke) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const cs = res.json();
    expect(cs).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
    expect(oauthUris(cs)).toEqual({ authorize, token, revoke });
    const eob = cs.rest[0].resource.find((r: { type: string }) => r.type === 'ExplanationOfBenefit');
    expect(eob.searchParam).toContainEqual({ name: '_lastUpdated', type: 'date' });
  });

  it('fails discovery on demand: 404, then 500, for one insurer only, and the CapabilityStatement still answers', async () => {
    expect((await addFault({ insurer: 'uhc', resource: 'smart-configuration', kind: 'status404', times: 1 })).statusCode).toBe(201);
    const missing = await get('/insurers/uhc/fhir/.well-known/smart-configuration');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', error_description: expect.any(String) });
    expect((await get('/insurers/aetna/fhir/.well-known/smart-configuration')).statusCode).toBe(200);
    expect((await get('/insurers/uhc/fhir/metadata')).statusCode).toBe(200);
    expect((await get('/insurers/uhc/fhir/.well-known/smart-configuration')).statusCode).toBe(200);

    await addFault({ insurer: 'uhc', resource: 'smart-configuration', kind: 'status500' });
    const broken = await get('/insurers/uhc/fhir/.well-known/smart-configuration');
    expect(broken.statusCode).toBe(500);
    expect(broken.json().error).toBe('server_error');
  });

  it('fails Blue Button discovery on /v2 as well, and a cut body on demand', async () => {
    await addFault({ insurer: 'blueButton', resource: 'smart-configuration', kind: 'status404', times: 1 });
    expect((await get('/v2/fhir/.well-known/smart-configuration')).statusCode).toBe(404);
    await addFault({ resource: 'smart-configuration', kind: 'malformedBundle', times: 1 });
    const cut = await get('/v2/fhir/.well-known/smart-configuration');
    expect(cut.statusCode).toBe(200);
    expect(() => JSON.parse(cut.body)).toThrow();
  });

  it('leaves discovery alone for a fault that names no resource, and fails both paths when both are named', async () => {
    await addFault({ kind: 'status500' });
    expect((await get('/insurers/uhc/fhir/.well-known/smart-configuration')).statusCode).toBe(200);
    expect((await get('/insurers/uhc/fhir/metadata')).statusCode).toBe(500);
    await app.inject({ method: 'DELETE', url: '/insurers/_admin/faults' });
    await addFault({ insurer: 'kaiser', resource: 'smart-configuration', kind: 'status404' });
    await addFault({ insurer: 'kaiser', resource: 'metadata', kind: 'status404' });
    expect((await get('/insurers/kaiser/fhir/.well-known/smart-configuration')).statusCode).toBe(404);
    const metadata = await get('/insurers/kaiser/fhir/metadata');
    expect(metadata.statusCode).toBe(404);
    expect(metadata.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] });
  });

  it('answers 404 for an unknown insurer', async () => {
    expect((await get('/insurers/acme/fhir/.well-known/smart-configuration')).statusCode).toBe(404);
  });
});
