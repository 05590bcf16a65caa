import { exchange, fhirGet, linkMember, startInsurers, type TestSandbox } from './test-support';

/** Admin API for tests: a new claim for a member, and the member withdrawing every refresh token. */
describe('insurers partner: member admin API', () => {
  let sb: TestSandbox;
  beforeEach(async () => {
    sb = await startInsurers();
  });
  afterEach(async () => {
    await sb.app.close();
  });

  const post = (url: string, payload?: unknown) =>
    sb.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const counts = async (key: string, username: string) =>
    (await sb.app.inject({ method: 'GET', url: `/insurers/_admin/members/${key}` }))
      .json()
      .members.find((m: { username: string }) => m.username === username).counts as Record<string, number>;

  describe('POST /insurers/_admin/members/{key}/{username}/claims', () => {
    it('adds a claim with a fresh lastUpdated that a _lastUpdated search finds, and only its member sees', async () => {
      const { access_token, patient } = await linkMember(sb.app, 'uhc', 'member-small');
      const before = await counts('uhc', 'member-small');
      sb.advance(60_000);
      const since = new Date(Date.now() + 30_000).toISOString();
      const eobs = (query: string, token = access_token) =>
        fhirGet(sb.app, `/insurers/uhc/fhir/ExplanationOfBenefit?patient=${patient}&_count=50${query}`, token);
      expect((await eobs(`&_lastUpdated=gt${since}`)).json().total).toBe(0);

      const res = await post('/insurers/_admin/members/uhc/member-small/claims');
      expect(res.statusCode).toBe(201);
      const { claim } = res.json();
      expect(claim).toMatchObject({
        resourceType: 'ExplanationOfBenefit',
        patient: { reference: `Patient/${patient}` },
        meta: { lastUpdated: expect.any(String) },
      });
      expect(Date.parse(claim.meta.lastUpdated)).toBeGreaterThan(Date.parse(since));
      expect(claim.billablePeriod.start).toBe(claim.meta.lastUpdated.slice(0, 10));

      const found = (await eobs(`&_lastUpdated=gt${since}`)).json();
      expect(found.total).toBe(1);
      expect(found.entry[0].resource.id).toBe(claim.id);
      expect((await eobs('')).json().total).toBe(before.ExplanationOfBenefit + 1);
      expect(await counts('uhc', 'member-small')).toEqual({ ...before, ExplanationOfBenefit: before.ExplanationOfBenefit + 1 });
      expect((await fhirGet(sb.app, `/insurers/uhc/fhir/ExplanationOfBenefit/${claim.id}`, access_token)).json().id).toBe(claim.id);

      const other = await linkMember(sb.app, 'uhc', 'member-typical');
      expect((await fhirGet(sb.app, `/insurers/uhc/fhir/ExplanationOfBenefit/${claim.id}`, other.access_token)).statusCode).toBe(403);
      const second = (await post('/insurers/_admin/members/uhc/member-small/claims', {})).json().claim;
      expect(second.id).not.toBe(claim.id);
      expect(second.identifier[0].value).not.toBe(claim.identifier[0].value);
    });

    it('keeps added claims to the sandbox that added them', async () => {
      await post('/insurers/_admin/members/aetna/member-small/claims');
      const fresh = await startInsurers();
      try {
        const mine = (await sb.app.inject({ method: 'GET', url: '/insurers/_admin/members/aetna' })).json();
        const theirs = (await fresh.app.inject({ method: 'GET', url: '/insurers/_admin/members/aetna' })).json();
        const eobsOf = (body: { members: { username: string; counts: Record<string, number> }[] }) =>
          body.members.find((m) => m.username === 'member-small')?.counts.ExplanationOfBenefit as number;
        expect(eobsOf(mine)).toBe(eobsOf(theirs) + 1);
      } finally {
        await fresh.app.close();
      }
    });

    it.each([
      ['an unknown insurer', '/insurers/_admin/members/acme/member-small/claims', undefined, 404],
      ['an unknown member', '/insurers/_admin/members/uhc/nobody/claims', undefined, 404],
      ['a member without claims to model one on', '/insurers/_admin/members/uhc/inferno-uscore-85/claims', undefined, 409],
      ['a body with fields', '/insurers/_admin/members/uhc/member-small/claims', { date: '2026-01-01' }, 400],
      ['a body that is not an object', '/insurers/_admin/members/uhc/member-small/claims', [1], 400],
    ])('refuses %s', async (_name, url, body, status) => {
      const res = await post(url, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    });
  });

  describe('POST /insurers/_admin/members/{key}/{username}/revoke-refresh-tokens', () => {
    it("ends every refresh token of that member at that insurer, and nobody else's", async () => {
      const first = await linkMember(sb.app, 'cigna', 'member-small');
      const second = await linkMember(sb.app, 'cigna', 'member-small');
      const otherMember = await linkMember(sb.app, 'cigna', 'member-typical');
      const otherInsurer = await linkMember(sb.app, 'aetna', 'member-small');

      const res = await post('/insurers/_admin/members/cigna/member-small/revoke-refresh-tokens');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ revoked: 2 });

      for (const linked of [first, second]) {
        const refused = await exchange(sb.app, 'cigna', { grant_type: 'refresh_token', refresh_token: linked.refresh_token });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toBe('invalid_grant');
      }
      // Access tokens already issued run until they expire.
      expect((await fhirGet(sb.app, `/insurers/cigna/fhir/Patient/${first.patient}`, first.access_token)).statusCode).toBe(200);
      expect((await exchange(sb.app, 'cigna', { grant_type: 'refresh_token', refresh_token: otherMember.refresh_token })).statusCode).toBe(
        200,
      );
      expect((await exchange(sb.app, 'aetna', { grant_type: 'refresh_token', refresh_token: otherInsurer.refresh_token })).statusCode).toBe(
        200,
      );
      expect((await post('/insurers/_admin/members/cigna/member-small/revoke-refresh-tokens')).json()).toEqual({ revoked: 0 });
    });

    it.each([
      ['an unknown insurer', '/insurers/_admin/members/acme/member-small/revoke-refresh-tokens', undefined, 404],
      ['an unknown member', '/insurers/_admin/members/uhc/nobody/revoke-refresh-tokens', undefined, 404],
      ['a body with fields', '/insurers/_admin/members/uhc/member-small/revoke-refresh-tokens', { all: true }, 400],
    ])('refuses %s', async (_name, url, body, status) => {
      const res = await post(url, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    });
  });
});
