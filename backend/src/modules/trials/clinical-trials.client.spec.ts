import type { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import { ClinicalTrialsClient, ClinicalTrialsError, clinicalTrialsUrl, studySearchParams } from './clinical-trials.client';

const configFor = (baseUrl: string, timeoutMs = 1000) =>
  ({ get: (key: string) => (key === 'trials' ? { baseUrl, timeoutMs } : undefined) }) as unknown as ConfigService<AppConfig, true>;

const study = (nctId: string) => ({ protocolSection: { identificationModule: { nctId } } });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('clinicalTrialsUrl', () => {
  it.each([
    ['https://clinicaltrials.gov/api/v2', 'https://clinicaltrials.gov/api/v2/studies'],
    ['https://clinicaltrials.gov/api/v2/', 'https://clinicaltrials.gov/api/v2/studies'],
    ['http://127.0.0.1:4100/clinicaltrials/api/v2', 'http://127.0.0.1:4100/clinicaltrials/api/v2/studies'],
    ['http://proxy.example/ctgov/', 'http://proxy.example/ctgov/studies'],
  ])('joins %s and studies without losing the path prefix', (base, expected) => {
    expect(clinicalTrialsUrl(base, 'studies').href).toBe(expected);
    expect(clinicalTrialsUrl(base, '/studies').href).toBe(expected);
  });

  it('builds the v2 query: conditions, statuses comma-joined, geo distance in miles, fields, pageSize capped at 1000', () => {
    const url = clinicalTrialsUrl(
      'https://clinicaltrials.gov/api/v2/',
      'studies',
      studySearchParams({
        cond: '(type 2 diabetes) OR (hypertension)',
        statuses: ['RECRUITING', 'COMPLETED'],
        geo: { lat: 38.996693, lon: -77.10217, miles: 100 },
        fields: ['NCTId', 'Condition'],
        pageSize: 5000,
      }),
    );
    expect(url.pathname).toBe('/api/v2/studies');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'query.cond': '(type 2 diabetes) OR (hypertension)',
      'filter.overallStatus': 'RECRUITING,COMPLETED',
      'filter.geo': 'distance(38.996693,-77.10217,100mi)',
      fields: 'NCTId,Condition',
      pageSize: '1000',
    });
    expect(url.searchParams.has('pageToken')).toBe(false);
  });
});

describe('ClinicalTrialsClient', () => {
  let fetchMock: jest.SpyInstance;
  beforeEach(() => {
    fetchMock = jest.spyOn(global, 'fetch');
  });
  afterEach(() => fetchMock.mockRestore());

  it('pages by nextPageToken, repeating the first page parameters, even when pages are smaller than asked', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ studies: [study('NCT00000001'), study('NCT00000002')], nextPageToken: 'p2' }))
      .mockResolvedValueOnce(json({ studies: [], nextPageToken: 'p3' }))
      .mockResolvedValueOnce(json({ studies: [study('NCT00000003')] }));
    const client = new ClinicalTrialsClient(configFor('http://sandbox.test/clinicaltrials/api/v2/'));
    const result = await client.searchStudies({ cond: 'asthma', pageSize: 1000 });
    expect(result.studies.map((s) => s.protocolSection?.identificationModule?.nctId)).toEqual([
      'NCT00000001',
      'NCT00000002',
      'NCT00000003',
    ]);
    expect(result).toMatchObject({ pages: 3, truncated: false });
    const urls = fetchMock.mock.calls.map(([u]) => new URL(String(u)));
    expect(urls.map((u) => u.searchParams.get('pageToken'))).toEqual([null, 'p2', 'p3']);
    for (const u of urls) {
      expect(u.pathname).toBe('/clinicaltrials/api/v2/studies');
      expect(u.searchParams.get('query.cond')).toBe('asthma');
      expect(u.searchParams.get('pageSize')).toBe('1000');
    }
  });

  it('stops at maxStudies and says the list was cut', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ studies: [study('NCT00000001'), study('NCT00000002')], nextPageToken: 'p2' }))
      .mockResolvedValueOnce(json({ studies: [study('NCT00000003')], nextPageToken: 'p3' }));
    const client = new ClinicalTrialsClient(configFor('https://clinicaltrials.gov/api/v2'));
    const result = await client.searchStudies({ cond: 'asthma', maxStudies: 3 });
    expect(result.studies).toHaveLength(3);
    expect(result).toMatchObject({ pages: 2, truncated: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a 5xx is a transient failure naming the path and status, never the query', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 503 }));
    const client = new ClinicalTrialsClient(configFor('https://clinicaltrials.gov/api/v2'));
    const error = await client.searchStudies({ cond: 'type 2 diabetes' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicalTrialsError);
    expect(error).toMatchObject({ kind: 'transient', status: 503, message: 'GET /api/v2/studies answered 503' });
    expect((error as Error).message).not.toMatch(/diabetes/);
  });

  it('a 400 is permanent; an answer that is not PagedStudies is permanent', async () => {
    fetchMock.mockResolvedValueOnce(new Response('filter.geo: bad', { status: 400 }));
    fetchMock.mockResolvedValueOnce(json({ items: [] }));
    const client = new ClinicalTrialsClient(configFor('https://clinicaltrials.gov/api/v2'));
    await expect(client.searchStudies({ cond: 'x' })).rejects.toMatchObject({ kind: 'permanent', status: 400 });
    await expect(client.searchStudies({ cond: 'x' })).rejects.toMatchObject({
      kind: 'permanent',
      message: expect.stringMatching(/PagedStudies/),
    });
  });

  it('times out: a request slower than the timeout is a transient failure', async () => {
    fetchMock.mockImplementationOnce(
      (_url: unknown, init?: RequestInit) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
    const client = new ClinicalTrialsClient(configFor('https://clinicaltrials.gov/api/v2', 50));
    await expect(client.searchStudies({ cond: 'x' })).rejects.toMatchObject({
      kind: 'transient',
      message: expect.stringMatching(/timed out after 50 ms/),
    });
  });

  const redirect = (location: string | null, status = 302) =>
    new Response(null, { status, headers: location === null ? {} : { location } });

  it('follows a same-origin redirect itself (redirect: manual), keeping the query, at most 3 times', async () => {
    fetchMock
      .mockResolvedValueOnce(redirect('/api/v2.1/studies?query.cond=asthma&pageSize=1000', 301))
      .mockResolvedValueOnce(json({ studies: [study('NCT00000001')] }));
    const client = new ClinicalTrialsClient(configFor('https://clinicaltrials.gov/api/v2'));
    await expect(client.searchStudies({ cond: 'asthma', pageSize: 1000 })).resolves.toMatchObject({ pages: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.every(([, init]) => (init as RequestInit).redirect === 'manual')).toBe(true);
    expect(String(fetchMock.mock.calls[1][0])).toBe('https://clinicaltrials.gov/api/v2.1/studies?query.cond=asthma&pageSize=1000');

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => redirect('/api/v2/studies?again=1', 307));
    const error = await client.searchStudies({ cond: 'asthma' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'permanent', status: 307, message: 'GET /api/v2/studies redirected too often: not followed' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('a redirect to another origin is a permanent failure: the member terms and coordinates never travel there', async () => {
    fetchMock.mockResolvedValueOnce(redirect('https://evil.example/collect?query.cond=type+2+diabetes'));
    const client = new ClinicalTrialsClient(configFor('https://clinicaltrials.gov/api/v2'));
    const error = await client
      .searchStudies({ cond: 'type 2 diabetes', geo: { lat: 38.99, lon: -77.1, miles: 50 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicalTrialsError);
    expect(error).toMatchObject({
      kind: 'permanent',
      status: 302,
      message: 'GET /api/v2/studies redirected to another origin (evil.example): not followed',
    });
    expect((error as Error).message).not.toMatch(/diabetes|38\.99/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Another scheme or port on the same host is another origin too; a redirect without a location is a failure.
    fetchMock.mockResolvedValueOnce(redirect('http://clinicaltrials.gov/api/v2/studies'));
    await expect(client.searchStudies({ cond: 'x' })).rejects.toMatchObject({ message: expect.stringMatching(/another origin/) });
    fetchMock.mockResolvedValueOnce(redirect(null));
    await expect(client.dataTimestamp()).rejects.toMatchObject({
      kind: 'permanent',
      message: 'GET /api/v2/version redirected without a usable location: not followed',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('network failure is transient; /version answers the data timestamp', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    fetchMock.mockResolvedValueOnce(json({ apiVersion: '2.0.3', dataTimestamp: '2025-11-28T00:00:00' }));
    const client = new ClinicalTrialsClient(configFor('https://clinicaltrials.gov/api/v2'));
    await expect(client.dataTimestamp()).rejects.toMatchObject({ kind: 'transient', message: 'GET /api/v2/version could not be reached' });
    await expect(client.dataTimestamp()).resolves.toBe('2025-11-28T00:00:00');
  });
});
