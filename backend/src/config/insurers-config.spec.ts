import { loadInsurersConfig } from './insurers-config';

const defaults = { sandboxUrl: 'http://127.0.0.1:4100', sandboxPublicUrl: 'http://localhost:4100', publicUrl: 'http://localhost:8080' };

describe('insurers configuration', () => {
  it("uses configured URLs exactly as given: Blue Button's endpoints keep their trailing slash", () => {
    const { insurers, problems } = loadInsurersConfig(
      {
        INSURER_BLUE_BUTTON_AUTHORIZE_URL: 'https://sandbox.bluebutton.cms.gov/v2/o/authorize/',
        INSURER_BLUE_BUTTON_TOKEN_URL: 'https://sandbox.bluebutton.cms.gov/v2/o/token/',
        INSURER_BLUE_BUTTON_FHIR_BASE_URL: 'https://sandbox.bluebutton.cms.gov/v2/fhir/',
        INSURER_BLUE_BUTTON_REVOCATION_URL: 'https://sandbox.bluebutton.cms.gov/v2/o/revoke_token/',
      },
      defaults,
    );
    expect(problems).toEqual([]);
    expect(insurers.blueButton).toMatchObject({
      authorizeUrl: 'https://sandbox.bluebutton.cms.gov/v2/o/authorize/',
      tokenUrl: 'https://sandbox.bluebutton.cms.gov/v2/o/token/',
      fhirBaseUrl: 'https://sandbox.bluebutton.cms.gov/v2/fhir/',
      revocationUrl: 'https://sandbox.bluebutton.cms.gov/v2/o/revoke_token/',
    });
  });

  it('defaults each insurer to the sandbox, revocation included; `none` says the insurer offers no revocation', () => {
    const { insurers } = loadInsurersConfig({ INSURER_HUMANA_REVOCATION_URL: 'none' }, defaults);
    expect(insurers.cigna.revocationUrl).toBe('http://127.0.0.1:4100/insurers/cigna/revoke');
    expect(insurers.cigna.tokenUrl).toBe('http://127.0.0.1:4100/insurers/cigna/token');
    expect(insurers.humana.revocationUrl).toBe('');
  });

  it("never revokes a real insurer's tokens at the sandbox: without its own revocation URL it has none", () => {
    const { insurers, problems } = loadInsurersConfig(
      {
        INSURER_BLUE_BUTTON_TOKEN_URL: 'https://sandbox.bluebutton.cms.gov/v2/o/token/',
        INSURER_CIGNA_TOKEN_URL: 'https://cigna.example/oauth/token',
        INSURER_CIGNA_REVOCATION_URL: 'https://cigna.example/oauth/revoke',
        INSURER_HUMANA_CLIENT_ID: 'another-client',
      },
      defaults,
    );
    expect(problems).toEqual([]);
    expect(insurers.blueButton.revocationUrl).toBe('');
    expect(insurers.cigna.revocationUrl).toBe('https://cigna.example/oauth/revoke');
    // Still the sandbox's token endpoint: its revocation endpoint goes with it.
    expect(insurers.humana.revocationUrl).toBe('http://127.0.0.1:4100/insurers/humana/revoke');
  });

  it('discovers the endpoints of an insurer given only its FHIR base, client id and secret: never the sandbox', () => {
    const { insurers, problems } = loadInsurersConfig(
      {
        INSURER_UHC_FHIR_BASE_URL: 'https://fhir.uhc.example/R4/',
        INSURER_UHC_CLIENT_ID: 'uhc-client',
        INSURER_UHC_CLIENT_SECRET: 'uhc-secret',
        INSURER_UHC_SCOPES: 'launch/patient offline_access patient/*.read',
      },
      defaults,
    );
    expect(problems).toEqual([]);
    expect(insurers.uhc).toEqual({
      authorizeUrl: '',
      tokenUrl: '',
      fhirBaseUrl: 'https://fhir.uhc.example/R4/',
      revocationUrl: '',
      clientId: 'uhc-client',
      clientSecret: 'uhc-secret',
      scopes: 'launch/patient offline_access patient/*.read',
      redirectUri: 'http://localhost:8080/intermediary/uhc',
      discovery: { insurer: 'uhc', revocation: true },
    });
    // The others keep the sandbox, with scopes built per link.
    expect(insurers.aetna).toMatchObject({ tokenUrl: 'http://127.0.0.1:4100/insurers/aetna/token', scopes: '' });
    expect(insurers.aetna.discovery).toBeUndefined();
  });

  it('lets configured endpoints win over discovery, and `none` turn discovered revocation off', () => {
    const { insurers } = loadInsurersConfig(
      {
        INSURER_CIGNA_FHIR_BASE_URL: 'https://fhir.cigna.example/r4',
        INSURER_CIGNA_AUTHORIZE_URL: 'https://login.cigna.example/authorize',
        INSURER_CIGNA_REVOCATION_URL: 'none',
        INSURER_CIGNA_CLIENT_ID: 'c',
        INSURER_CIGNA_CLIENT_SECRET: 's',
        INSURER_KAISER_FHIR_BASE_URL: 'https://fhir.kp.example/r4',
        INSURER_KAISER_REVOCATION_URL: 'https://login.kp.example/revoke',
        INSURER_KAISER_CLIENT_ID: 'k',
        INSURER_KAISER_CLIENT_SECRET: 's',
      },
      defaults,
    );
    expect(insurers.cigna).toMatchObject({
      authorizeUrl: 'https://login.cigna.example/authorize',
      tokenUrl: '',
      revocationUrl: '',
      discovery: { insurer: 'cigna', revocation: false },
    });
    expect(insurers.kaiser).toMatchObject({ revocationUrl: 'https://login.kp.example/revoke', discovery: { revocation: true } });
  });

  it("refuses to present the sandbox's client to a real insurer's server", () => {
    const { problems } = loadInsurersConfig({ INSURER_HUMANA_FHIR_BASE_URL: 'https://fhir.humana.example/api' }, defaults);
    expect(problems).toEqual([
      'INSURER_HUMANA_CLIENT_ID: required when INSURER_HUMANA_FHIR_BASE_URL is set without the authorize and token URLs',
      'INSURER_HUMANA_CLIENT_SECRET: required when INSURER_HUMANA_FHIR_BASE_URL is set without the authorize and token URLs',
    ]);
  });

  it('reports a revocation URL that is not http(s)', () => {
    expect(loadInsurersConfig({ INSURER_CIGNA_REVOCATION_URL: 'ftp://x' }, defaults).problems).toEqual([
      'INSURER_CIGNA_REVOCATION_URL: must be an http(s) URL (got "ftp://x")',
    ]);
  });
});
