import { InsurerLinkMessages, type InsurerKey } from '@healthlink/contracts';
import type { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import type { InsurerEndpoints } from '../../config/insurers-config';
import type { PollingService } from '../polling';
import { DiscoveryUnavailableError, type SmartDiscovery } from './adapters/smart-discovery';
import type { InsurerGrantsService, RevocationOutcome } from './insurer-grants.service';
import type { InsurersRepository, LinkSummary } from './insurers.repository';
import { InsurersService } from './insurers.service';
import type { TokenCipher } from './token-cipher';

const endpoints = (overrides: Partial<InsurerEndpoints> = {}): InsurerEndpoints => ({
  authorizeUrl: 'https://login.example/authorize',
  tokenUrl: 'https://login.example/token',
  fhirBaseUrl: 'https://fhir.example/r4',
  revocationUrl: '',
  clientId: 'client',
  clientSecret: 'secret',
  scopes: '',
  redirectUri: 'http://localhost:8080/intermediary/kaiser',
  ...overrides,
});

function setUp(configured: InsurerEndpoints = endpoints()) {
  const repository = {
    createState: jest.fn<Promise<void>, Parameters<InsurersRepository['createState']>>().mockResolvedValue(undefined),
    linkSummariesOf: jest.fn<Promise<LinkSummary[]>, [string]>(),
  };
  const discovery = {
    resolve: jest.fn<ReturnType<SmartDiscovery['resolve']>, Parameters<SmartDiscovery['resolve']>>(async (e) => ({
      ...e,
      authMethod: 'client_secret_basic',
      scopesSupported: null,
      discovered: false,
    })),
    advertisedScopes: jest.fn<Promise<string[] | null>, [string, InsurerKey]>().mockResolvedValue(null),
  };
  const grants = { unlink: jest.fn<Promise<RevocationOutcome | null>, [string, InsurerKey]>() };
  const config = { get: () => ({ endpoints: new Proxy({}, { get: () => configured }) }) };
  const service = new InsurersService(
    repository as unknown as InsurersRepository,
    { encrypt: (value: string) => `sealed:${value}` } as unknown as TokenCipher,
    {} as PollingService,
    config as unknown as ConfigService<AppConfig, true>,
    discovery as unknown as SmartDiscovery,
    grants as unknown as InsurerGrantsService,
  );
  return { service, repository, discovery, grants };
}

const scopeOf = (link: string) => new URL(link).searchParams.get('scope');

describe('InsurersService', () => {
  describe('the authorize link', () => {
    it("asks for the insurer's set with the syntax its server lists, and for aud = the FHIR base", async () => {
      const { service, discovery } = setUp();
      discovery.advertisedScopes.mockResolvedValue(['launch/patient', 'offline_access', 'patient/*.rs']);
      const { link } = await service.authorizeLink('user-1', 'kaiserFetch');
      expect(scopeOf(link)).toBe('launch/patient offline_access patient/ExplanationOfBenefit.rs');
      expect(new URL(link).searchParams.get('aud')).toBe('https://fhir.example/r4');
      expect(discovery.advertisedScopes).toHaveBeenCalledWith('https://fhir.example/r4', 'kaiser');
    });

    it('uses the scopes of a discovered server without asking again, and INSURER_<KEY>_SCOPES over both', async () => {
      const discovered = setUp();
      discovered.discovery.resolve.mockImplementation(async (e) => ({
        ...e,
        authMethod: 'client_secret_basic',
        scopesSupported: ['openid', 'fhirUser', 'patient/*.read'],
        discovered: true,
      }));
      const { link } = await discovered.service.authorizeLink('user-1', 'kaiserFetch');
      expect(scopeOf(link)).toBe('launch/patient openid fhirUser offline_access patient/ExplanationOfBenefit.read');
      expect(discovered.discovery.advertisedScopes).not.toHaveBeenCalled();

      const configured = setUp(endpoints({ scopes: 'patient/*.read offline_access' }));
      expect(scopeOf((await configured.service.authorizeLink('user-1', 'kaiserFetch')).link)).toBe('patient/*.read offline_access');
    });

    it('answers a discovery failure with a 502 naming the insurer, and starts no sign-in', async () => {
      const { service, discovery, repository } = setUp();
      discovery.resolve.mockRejectedValue(
        new DiscoveryUnavailableError('SMART discovery failed', 404, 'fhir.example', 'https://fhir.example/r4'),
      );
      await expect(service.authorizeLink('user-1', 'kaiserFetch')).rejects.toMatchObject({
        code: 'INSURERS.DISCOVERY_FAILED',
        status: 502,
        message: InsurerLinkMessages.signInUnavailable('Kaiser Permanente'),
      });
      expect(repository.createState).not.toHaveBeenCalled();
    });
  });

  describe('unlinking', () => {
    it.each([
      ['revoked', InsurerLinkMessages.unlinked('Cigna Healthcare'), true],
      ['failed', InsurerLinkMessages.unlinkedNotRevoked('Cigna Healthcare'), false],
      ['unsupported', InsurerLinkMessages.unlinkedNoRevocation('Cigna Healthcare'), false],
    ] as const)('tells the member how ending the grant went (%s)', async (outcome, message, revokedAtInsurer) => {
      const { service, grants } = setUp();
      grants.unlink.mockResolvedValue(outcome);
      await expect(service.unlink('user-1', 'cigna')).resolves.toEqual({ message, revokedAtInsurer });
      expect(grants.unlink).toHaveBeenCalledWith('user-1', 'cigna');
    });

    it('refuses an unknown key with a 400 naming the field, and an insurer not linked with a 404', async () => {
      const { service, grants } = setUp();
      await expect(service.unlink('user-1', 'constructor')).rejects.toMatchObject({
        status: 400,
        code: 'INSURERS.VALIDATION',
        fieldErrors: [{ field: 'insurer', message: 'Unknown insurer: constructor' }],
      });
      expect(grants.unlink).not.toHaveBeenCalled();
      grants.unlink.mockResolvedValue(null);
      await expect(service.unlink('user-1', 'cigna')).rejects.toMatchObject({ status: 404, code: 'INSURERS.LINK_NOT_FOUND' });
    });
  });

  it("lists the member's links with names and ISO dates, leaving out keys no longer known", async () => {
    const { service, repository } = setUp();
    repository.linkSummariesOf.mockResolvedValue([
      {
        insurer: 'uhc',
        status: 'relink_required',
        linkedAt: new Date('2026-03-01T10:00:00Z'),
        lastSyncedAt: new Date('2026-11-20T04:00:00Z'),
      },
      { insurer: 'retiredInsurer', status: 'active', linkedAt: new Date('2026-03-02T10:00:00Z'), lastSyncedAt: null },
      { insurer: 'cigna', status: 'active', linkedAt: new Date('2026-03-03T10:00:00Z'), lastSyncedAt: null },
    ]);
    await expect(service.links('user-1')).resolves.toEqual({
      links: [
        {
          insurer: 'uhc',
          name: 'UnitedHealthcare',
          status: 'relink_required',
          linkedAt: '2026-03-01T10:00:00.000Z',
          lastSyncedAt: '2026-11-20T04:00:00.000Z',
        },
        { insurer: 'cigna', name: 'Cigna Healthcare', status: 'active', linkedAt: '2026-03-03T10:00:00.000Z', lastSyncedAt: null },
      ],
    });
  });
});
