import { approve, exchange, fhirGet, linkMember, pkcePair, redirectUriFor, startInsurers, type TestSandbox } from './test-support';

describe('insurers partner: injectable faults', () => {
  let sb: TestSandbox;
  let token: string;
  let patient: string;
  beforeEach(async () => {
    sb = await startInsurers();
    ({ access_token: token, patient } = await linkMember(sb.app, 'uhc', 'member-typical'));
  });
  afterEach(async () => {
    await sb.app.close();
  });

  const addFault = (body: Record<string, unknown>) => sb.app.inject({ method: 'POST', url: '/insurers/_admin/faults', payload: body });
  const eobs = () => fhirGet(sb.app, `/insurers/uhc/fhir/ExplanationOfBenefit?patient=${patient}`, token);
  const coverage = () => fhirGet(sb.app, `/insurers/uhc/fhir/Coverage?patient=${patient}`, token);

  it('status500 answers 500 with an OperationOutcome, only for the matching resource, `times` times', async () => {
    const added = await addFault({ insurer: 'uhc', resource: 'ExplanationOfBenefit', kind: 'status500', times: 2 });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      id: expect.any(Number),
      insurer: 'uhc',
      resource: 'ExplanationOfBenefit',
      kind: 'status500',
      remaining: 2,
    });
    expect((await coverage()).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await eobs();
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'exception' }] });
    }
    expect((await eobs()).statusCode).toBe(200);
    expect((await sb.app.inject({ method: 'GET', url: '/insurers/_admin/faults' })).json()).toEqual({ faults: [] });
  });

  it("a fault without insurer or resource hits every FHIR request until cleared, and not another insurer's when scoped", async () => {
    await addFault({ kind: 'status500' });
    expect((await coverage()).statusCode).toBe(500);
    expect((await fhirGet(sb.app, '/insurers/uhc/fhir/metadata')).statusCode).toBe(500);
    expect((await eobs()).statusCode).toBe(500);
    expect((await sb.app.inject({ method: 'DELETE', url: '/insurers/_admin/faults' })).statusCode).toBe(204);
    expect((await eobs()).statusCode).toBe(200);

    await addFault({ insurer: 'aetna', kind: 'status500' });
    expect((await eobs()).statusCode).toBe(200);
  });

  it('malformedBundle answers 200 with a body that is not valid JSON', async () => {
    await addFault({ resource: 'ExplanationOfBenefit', kind: 'malformedBundle', times: 1 });
    const res = await eobs();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.body.startsWith('{"resourceType":"Bundle"')).toBe(true);
    expect(() => JSON.parse(res.body)).toThrow();
    const next = (await eobs()).body;
    expect(() => JSON.parse(next)).not.toThrow();
  });

  it('slow answers normally after the delay', async () => {
    await addFault({ resource: 'ExplanationOfBenefit', kind: 'slow', delayMs: 150, times: 1 });
    const started = Date.now();
    const res = await eobs();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.statusCode).toBe(200);
    expect(res.json().resourceType).toBe('Bundle');
  });

  it('timeout holds the request for its delay (60 s by default), then answers 504', async () => {
    const dflt = await addFault({ kind: 'timeout', resource: 'Patient' });
    expect(dflt.json().delayMs).toBe(60_000);
    await sb.app.inject({ method: 'DELETE', url: '/insurers/_admin/faults' });

    await addFault({ resource: 'ExplanationOfBenefit', kind: 'timeout', delayMs: 300, times: 1 });
    let settled = false;
    const pending = eobs().then((r) => {
      settled = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(settled).toBe(false);
    const res = await pending;
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'timeout' }] });
  });

  it('timeout lets go of held requests when the server closes', async () => {
    await addFault({ kind: 'timeout' });
    const pending = eobs();
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await sb.app.close();
    const res = await pending;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(503);
  });

  it('timeout does not keep a listening server from closing', async () => {
    await addFault({ kind: 'timeout' });
    await sb.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = sb.app.server.address() as { port: number };
    const pending = fetch(`http://127.0.0.1:${port}/insurers/uhc/fhir/Patient`, { headers: { authorization: `Bearer ${token}` } });
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await sb.app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await pending).status).toBe(503);
  });

  it('faults the token endpoint only when resource is "token", without using up the code', async () => {
    await addFault({ kind: 'status500' });
    const { verifier, challenge } = pkcePair();
    const code = (await approve(sb.app, 'uhc', challenge, 'member-small')).searchParams.get('code') as string;
    const body = { grant_type: 'authorization_code', code, redirect_uri: redirectUriFor('uhc'), code_verifier: verifier };
    await sb.app.inject({ method: 'DELETE', url: '/insurers/_admin/faults' });
    await addFault({ insurer: 'uhc', resource: 'token', kind: 'status500', times: 1 });
    const failed = await exchange(sb.app, 'uhc', body);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error).toBe('server_error');
    expect((await exchange(sb.app, 'uhc', body)).statusCode).toBe(200);
  });

  it.each([
    [{ kind: 'explode' }, 'kind must be one of'],
    [{}, 'kind must be one of'],
    [{ kind: 'status500', insurer: 'acme' }, 'insurer must be'],
    [{ kind: 'status500', resource: 'Observation' }, 'resource must be one of'],
    [{ kind: 'status500', times: 0 }, 'times must be'],
    [{ kind: 'slow', delayMs: -5 }, 'delayMs must be'],
    [{ kind: 'slow', colour: 'red' }, 'Unknown field'],
  ])('rejects the fault %j', async (body, message) => {
    const res = await addFault(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
