import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fhirUrl, searchPages, type FhirClientOptions } from './fhir.client';

/** A tiny FHIR server: three pages of two resources, with faults the tests switch on. */
function fhirServer(behaviour: { failFirst?: number; malformed?: boolean; nextUrl?: string; redirectTo?: string }) {
  let failures = behaviour.failFirst ?? 0;
  const server: Server = createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '0');
    if (req.headers.authorization !== 'Bearer t') {
      res.writeHead(401).end();
      return;
    }
    if (behaviour.redirectTo) {
      res.writeHead(301, { location: behaviour.redirectTo }).end();
      return;
    }
    if (failures > 0) {
      failures--;
      res.writeHead(503).end();
      return;
    }
    const { port } = server.address() as AddressInfo;
    const body = behaviour.malformed
      ? { resourceType: 'OperationOutcome' }
      : {
          resourceType: 'Bundle',
          type: 'searchset',
          entry: [0, 1].map((i) => ({ resource: { resourceType: 'Condition', id: `c${page * 2 + i}` } })),
          link: page < 2 ? [{ relation: 'next', url: behaviour.nextUrl ?? `http://127.0.0.1:${port}/Condition?page=${page + 1}` }] : [],
        };
    res.writeHead(200, { 'content-type': 'application/fhir+json' }).end(JSON.stringify(body));
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/Condition?page=0`,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

const token = async () => 't';

/** Every resource of the search, in page order. */
async function searchAll(url: string, accessToken: () => Promise<string>, options?: FhirClientOptions): Promise<Record<string, unknown>[]> {
  const resources: Record<string, unknown>[] = [];
  await searchPages(
    url,
    accessToken,
    async (page) => {
      resources.push(...page);
    },
    options,
  );
  return resources;
}

describe('FHIR client', () => {
  it('follows Bundle.link[next] to the end', async () => {
    const server = await fhirServer({});
    await expect(searchAll(server.url, token)).resolves.toHaveLength(6);
    await server.close();
  });

  it('retries a page that answers 5xx, with backoff', async () => {
    const server = await fhirServer({ failFirst: 2 });
    await expect(searchAll(server.url, token, { backoffMs: 5 })).resolves.toHaveLength(6);
    await server.close();
  });

  it('gives up after its attempts with a transient error, and refuses a response that is no Bundle', async () => {
    const failing = await fhirServer({ failFirst: 10 });
    await expect(searchAll(failing.url, token, { backoffMs: 1, attempts: 3 })).rejects.toThrow('answered 503');
    await failing.close();
    const malformed = await fhirServer({ malformed: true });
    await expect(searchAll(malformed.url, token)).rejects.toThrow('malformed FHIR Bundle');
    await malformed.close();
  });

  it('hands pages over in order, and a storage failure surfaces without an unhandled rejection', async () => {
    const server = await fhirServer({});
    const seen: string[] = [];
    await searchPages(server.url, token, async (page) => {
      seen.push(...page.map((r) => String(r.id)));
    });
    expect(seen).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    await expect(
      searchPages(server.url, token, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    await new Promise((r) => setTimeout(r, 50));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await server.close();
  });

  it('joins a path onto the configured base with or without its trailing slash', () => {
    expect(fhirUrl('https://bb.test/v2/fhir', 'ExplanationOfBenefit?patient=1')).toBe(
      'https://bb.test/v2/fhir/ExplanationOfBenefit?patient=1',
    );
    expect(fhirUrl('https://bb.test/v2/fhir/', 'ExplanationOfBenefit?patient=1')).toBe(
      'https://bb.test/v2/fhir/ExplanationOfBenefit?patient=1',
    );
    expect(fhirUrl('https://bb.test/v2/fhir/', '/Patient/1')).toBe('https://bb.test/v2/fhir/Patient/1');
  });

  it('never sends the token to another origin: a next link elsewhere fails the search permanently', async () => {
    const seenByElsewhere = jest.fn();
    // The other server counts any request that reaches it.
    const other = createServer((req, res) => {
      seenByElsewhere(req.headers.authorization);
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    // localhost, not 127.0.0.1: another origin even on the same machine.
    const otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/Condition?page=1`;
    const server = await fhirServer({ nextUrl: otherUrl });
    const failure = searchAll(server.url, token);
    await expect(failure).rejects.toThrow(/another origin/);
    await expect(failure).rejects.toMatchObject({ name: 'PartnerPermanentError' });
    expect(seenByElsewhere).not.toHaveBeenCalled();
    await server.close();
    await new Promise((r) => other.close(() => r(undefined)));
  });

  it('does not follow a redirect with the token: a 3xx fails the page with its status', async () => {
    const server = await fhirServer({ redirectTo: 'http://localhost:1/elsewhere' });
    await expect(searchAll(server.url, token)).rejects.toMatchObject({
      name: 'PartnerPermanentError',
      status: 301,
      message: expect.stringContaining('redirect'),
    });
    await server.close();
  });

  it('names no resource id in its errors (a patient id is personal data)', async () => {
    const server = await fhirServer({ failFirst: 10 });
    const url = server.url.replace('/Condition?page=0', '/Patient/patient-123');
    await expect(searchAll(url, token, { backoffMs: 1, attempts: 1 })).rejects.toThrow('/Patient/{id} answered 503');
    await server.close();
  });
});
