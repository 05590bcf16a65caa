import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  PLAN_RANKS_PATHS,
  type PlanRankRow,
  type PlanRanksResult,
  type PollingEventCreatedResponse,
  type PollingEventResponse,
} from '@healthlink/contracts';
import { REPO_ROOT } from './app-process';
import { appUrls } from './browser';
import { apiGet } from './linking';

/** The sandbox CRM's default key (sandbox/src/crm/crm.partner.ts): the e2e app runs without SANDBOX_CRM_API_KEY. */
const SANDBOX_CRM_KEY = 'sandbox-crm-key';

/** The member's plan ranking, as the web gets it: start it, poll its event to the end (the first one loads the catalogue). */
export async function retrievePlanRanks(token: string, timeoutMs = 240_000): Promise<PollingEventResponse<unknown>> {
  const { pollingEventID } = await apiGet<PollingEventCreatedResponse>(token, PLAN_RANKS_PATHS.getAllPlanRanks);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = await apiGet<PollingEventResponse<unknown>>(token, `/api/pollingEvent/${pollingEventID}`);
    if (event.status !== 'pending') return event;
    if (Date.now() > deadline) throw new Error(`the plan ranking was still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, event.pollInterval));
  }
}

/** The ranked rows, cheapest first: every group's `Value.rows`, concatenated (part 2 §7). */
export const rankedRows = (result: PlanRanksResult): PlanRankRow[] => result.result.flatMap((group) => group.Value.rows);

/** A signed-in PUT of the product's API; fails with the answer on a non-2xx. */
export async function apiPut(token: string, route: string, body: unknown): Promise<void> {
  const res = await fetch(`${appUrls().baseUrl}${route}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
}

export interface CrmLead {
  id: string;
  receivedAt: string;
  lead: {
    leadId: string;
    phone: string;
    firstName: string;
    lastName: string;
    email: string;
    state: string | null;
    zip: string | null;
    plan: { bidId: string; name: string; carrier: string } | null;
  };
}

/**
 * The sandbox CRM's leads for a phone number. The backend delivers a lead by a background job, so this polls until
 * one arrives or `timeoutMs` passes (then answers what the CRM lists: none).
 */
export async function waitForCrmLeads(phone: string, timeoutMs = 30_000): Promise<CrmLead[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${appUrls().sandboxUrl}/crm/leads?phone=${phone}`, {
      headers: { authorization: `Bearer ${SANDBOX_CRM_KEY}` },
    });
    if (!res.ok) throw new Error(`the sandbox CRM answered ${res.status}: ${await res.text()}`);
    const { leads } = (await res.json()) as { leads: CrmLead[] };
    if (leads.length || Date.now() > deadline) return leads;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One CSV line's fields (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

export interface SampleDoctor {
  npi: string;
  lastName: string;
}

/**
 * A person (not an organization) the repo's NPPES sample registers in `state`, the doctor search's own data
 * (backend/data/plans): the search looks in the member's state, so a name from there must be found. Null when the
 * sample has nobody in that state.
 */
export function sampleDoctorIn(state: string): SampleDoctor | null {
  const text = gunzipSync(readFileSync(join(REPO_ROOT, 'backend', 'data', 'plans', 'nppes-providers-sample_2025-04.csv.gz'))).toString(
    'utf8',
  );
  const [header, ...lines] = text.split(/\r?\n/).filter(Boolean);
  const columns = csvFields(header!);
  const at = (name: string) => columns.indexOf(name);
  const doctors = lines
    .map(csvFields)
    .filter((fields) => fields[at('entity_type_code')] === '1' && fields[at('practice_state')] === state && fields[at('last_name')])
    .map((fields) => ({ npi: fields[at('npi')]!, lastName: fields[at('last_name')]! }))
    .sort((a, b) => a.npi.localeCompare(b.npi));
  return doctors[0] ?? null;
}
