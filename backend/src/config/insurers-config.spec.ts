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

  it('reports a revocation URL that is not http(s)', () => {
    expect(loadInsurersConfig({ INSURER_CIGNA_REVOCATION_URL: 'ftp://x' }, defaults).problems).toEqual([
      'INSURER_CIGNA_REVOCATION_URL: must be an http(s) URL (got "ftp://x")',
    ]);
  });
});
