import { delayMsProblem } from '../held-requests';
import { isInsurerKey, type InsurerKey } from './insurer-catalogue';

export const FAULT_KINDS = ['status500', 'status404', 'timeout', 'malformedBundle', 'slow'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** What a fault can target besides FHIR resource types: the capability statement, SMART discovery and the token endpoint. */
export const FAULT_RESOURCES = [
  'Patient',
  'ExplanationOfBenefit',
  'Coverage',
  'Condition',
  'Encounter',
  'MedicationRequest',
  'Organization',
  'Practitioner',
  'metadata',
  'smart-configuration',
  'token',
] as const;
/** Targets a fault without a resource leaves alone: they are hit only when named. */
const NAMED_ONLY: ReadonlySet<string> = new Set(['token', 'smart-configuration']);

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_SLOW_MS = 3_000;

export interface Fault {
  id: number;
  insurer: InsurerKey | null;
  resource: string | null;
  kind: FaultKind;
  /** Matching requests it still affects; null = until cleared. */
  remaining: number | null;
  delayMs: number;
}

export type FaultSpecResult = { ok: true; spec: Omit<Fault, 'id'> } | { ok: false; message: string };

/** Validates a `POST /insurers/_admin/faults` body. */
export function parseFaultSpec(body: unknown): FaultSpecResult {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'The body must be a JSON object' };
  const b = body as Record<string, unknown>;
  const known = new Set(['insurer', 'resource', 'kind', 'times', 'delayMs']);
  const unknown = Object.keys(b).filter((k) => !known.has(k));
  if (unknown.length) return { ok: false, message: `Unknown field(s): ${unknown.join(', ')}` };
  if (typeof b.kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(b.kind)) {
    return { ok: false, message: `kind must be one of ${FAULT_KINDS.join(', ')}` };
  }
  if (b.insurer !== undefined && (typeof b.insurer !== 'string' || !isInsurerKey(b.insurer)))
    return { ok: false, message: 'insurer must be an insurer key' };
  if (b.resource !== undefined && (typeof b.resource !== 'string' || !(FAULT_RESOURCES as readonly string[]).includes(b.resource))) {
    return { ok: false, message: `resource must be one of ${FAULT_RESOURCES.join(', ')}` };
  }
  if (b.times !== undefined && !(Number.isInteger(b.times) && (b.times as number) >= 1))
    return { ok: false, message: 'times must be a positive integer' };
  const delayProblem = delayMsProblem(b.delayMs);
  if (delayProblem) return { ok: false, message: delayProblem };
  const kind = b.kind as FaultKind;
  return {
    ok: true,
    spec: {
      insurer: (b.insurer as InsurerKey | undefined) ?? null,
      resource: (b.resource as string | undefined) ?? null,
      kind,
      remaining: (b.times as number | undefined) ?? null,
      delayMs: (b.delayMs as number | undefined) ?? (kind === 'timeout' ? DEFAULT_TIMEOUT_MS : kind === 'slow' ? DEFAULT_SLOW_MS : 0),
    },
  };
}

/** Faults switched on by tests; the oldest matching one wins and is used up `times` times. */
export class FaultRegistry {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: Omit<Fault, 'id'>): Fault {
    const fault = { id: this.nextId++, ...spec };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  /**
   * The fault for a request to `insurer` for `resource`, counting it as used. A fault without a
   * resource matches every FHIR request (not the token endpoint or SMART discovery, which are only hit when named).
   */
  take(insurer: InsurerKey, resource: string): Fault | undefined {
    const fault = this.faults.find(
      (f) =>
        (f.insurer === null || f.insurer === insurer) && (f.resource === resource || (f.resource === null && !NAMED_ONLY.has(resource))),
    );
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return { ...fault };
  }
}
