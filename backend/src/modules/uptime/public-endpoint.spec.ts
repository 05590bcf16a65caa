import { INTERNAL_HOST, isInternalHost, publicEndpoint } from './public-endpoint';

describe('publicEndpoint', () => {
  it.each([
    ['https://api.bluebutton.cms.gov/v2/fhir/', 'https://api.bluebutton.cms.gov/v2/fhir/'],
    ['https://fhir.payer.com:8443/r4', 'https://fhir.payer.com:8443/r4'],
    ['https://user:pw@fhir.payer.com/r4?api_key=1#x', 'https://fhir.payer.com/r4'],
    ['http://localhost:4100/insurers/uhc/fhir', `${INTERNAL_HOST}/insurers/uhc/fhir`],
    ['http://127.0.0.1:4100/insurers/uhc/fhir', `${INTERNAL_HOST}/insurers/uhc/fhir`],
    ['http://sandbox:4100/insurers/uhc/fhir', `${INTERNAL_HOST}/insurers/uhc/fhir`],
    ['http://10.2.3.4/fhir', `${INTERNAL_HOST}/fhir`],
    ['http://[::1]:4100/fhir', `${INTERNAL_HOST}/fhir`],
    ['http://fhir.svc.cluster.internal/fhir', `${INTERNAL_HOST}/fhir`],
    [null, ''],
  ])('%s -> %s', (configured, shown) => {
    expect(publicEndpoint(configured)).toBe(shown);
  });

  it.each([
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['100.64.0.1', true],
    ['169.254.169.254', true],
    ['8.8.8.8', false],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['2001:4860:4860::8888', false],
    ['printer.local', true],
    ['fhir.example.com', false],
  ])('%s internal: %s', (host, internal) => {
    expect(isInternalHost(host)).toBe(internal);
  });
});
