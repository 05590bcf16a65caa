import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FhirResource } from './fhir-types';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;

export type IssueCode =
  'invalid' | 'login' | 'expired' | 'forbidden' | 'not-found' | 'not-supported' | 'exception' | 'timeout' | 'transient';

export const operationOutcome = (code: IssueCode, diagnostics: string): FhirResource => ({
  resourceType: 'OperationOutcome',
  id: code,
  issue: [{ severity: 'error', code, diagnostics }],
});

export function sendOutcome(reply: FastifyReply, status: number, code: IssueCode, diagnostics: string): FastifyReply {
  return reply
    .code(status)
    .type(FHIR_JSON)
    .send(JSON.stringify(operationOutcome(code, diagnostics)));
}

/** A searchset page: `total`, the page's entries, and self/first/previous/next/last links as absolute URLs. */
export function searchBundle(o: {
  fhirBase: string;
  type: string;
  query: URLSearchParams;
  pageParam: string;
  matches: readonly FhirResource[];
  offset: number;
  count: number;
}): FhirResource {
  const { matches, count } = o;
  const total = matches.length;
  const offset = Math.min(o.offset, total);
  const link = (relation: string, at: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of o.query) if (k !== '_count' && k !== '_offset' && k !== 'startIndex') params.append(k, v);
    params.set('_count', String(count));
    params.set(o.pageParam, String(at));
    return { relation, url: `${o.fhirBase}/${o.type}?${params.toString()}` };
  };
  const lastOffset = count > 0 && total > 0 ? Math.floor((total - 1) / count) * count : 0;
  const links = [link('self', offset), link('first', 0)];
  if (count > 0 && offset > 0) links.push(link('previous', Math.max(0, offset - count)));
  if (count > 0 && offset + count < total) links.push(link('next', offset + count));
  links.push(link('last', lastOffset));
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    meta: { lastUpdated: new Date().toISOString() },
    type: 'searchset',
    total,
    link: links,
    entry: matches.slice(offset, offset + count).map((resource) => ({
      fullUrl: `${o.fhirBase}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}

export function capabilityStatement(o: {
  insurerName: string;
  fhirBase: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  types: readonly string[];
}): FhirResource {
  const searchParams: Record<string, string[]> = {
    Patient: ['_id'],
    Coverage: ['patient', 'beneficiary'],
  };
  return {
    resourceType: 'CapabilityStatement',
    id: 'sandbox',
    status: 'active',
    date: '2026-04-29',
    publisher: `${o.insurerName} (HealthLink partner sandbox)`,
    kind: 'instance',
    software: { name: 'HealthLink partner sandbox' },
    implementation: { description: `${o.insurerName} patient access API (sandbox)`, url: o.fhirBase },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    implementationGuide: ['http://hl7.org/fhir/us/carin-bb/ImplementationGuide/hl7.fhir.us.carin-bb'],
    rest: [
      {
        mode: 'server',
        security: {
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: o.authorizeUrl },
                { url: 'token', valueUri: o.tokenUrl },
                { url: 'revoke', valueUri: o.revokeUrl },
              ],
            },
          ],
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }] }],
        },
        resource: o.types.map((type) => ({
          type,
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          searchParam: [...(searchParams[type] ?? ['patient']), '_count', '_lastUpdated'].map((name) => ({
            name,
            type: name === '_count' ? 'number' : name === '_id' ? 'token' : name === '_lastUpdated' ? 'date' : 'reference',
          })),
        })),
      },
    ],
  };
}
