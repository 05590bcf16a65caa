/**
 * The lead a broker CRM accepts on its webhook, checked strictly: a field the CRM does not know is refused (so a
 * sender cannot slip anything else, health data above all, into a lead), and every refusal names the field and why.
 */
export interface CrmLead {
  leadId: string;
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  state: string | null;
  zip: string | null;
  plan: { bidId: string; name: string; carrier: string } | null;
  createdAt: string;
}

export type LeadBodyResult = { ok: true; lead: CrmLead } | { ok: false; field: string | null; message: string };

const FIELDS = ['leadId', 'phone', 'firstName', 'lastName', 'email', 'state', 'zip', 'plan', 'createdAt'] as const;
const PLAN_FIELDS = ['bidId', 'name', 'carrier'] as const;
const NAME_MAX = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const refuse = (field: string | null, message: string): LeadBodyResult => ({ ok: false, field, message });

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string' || !value.trim() || value.length > max || CONTROL.test(value)) return null;
  return value.trim();
}

export function parseLeadBody(body: unknown): LeadBodyResult {
  if (!isObject(body)) return refuse(null, 'The body must be a JSON object');
  const unknown = Object.keys(body).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length) return refuse(unknown[0]!, `Unknown field(s): ${unknown.join(', ')}`);

  if (typeof body.leadId !== 'string' || !UUID.test(body.leadId)) return refuse('leadId', 'leadId must be a UUID');
  if (body.phone === undefined || body.phone === null || body.phone === '') return refuse('phone', 'phone is required');
  if (typeof body.phone !== 'string' || !/^\d{10}$/.test(body.phone)) return refuse('phone', 'phone must be 10 digits');
  const firstName = text(body.firstName, NAME_MAX);
  if (!firstName) return refuse('firstName', `firstName must be 1 to ${NAME_MAX} characters`);
  const lastName = text(body.lastName, NAME_MAX);
  if (!lastName) return refuse('lastName', `lastName must be 1 to ${NAME_MAX} characters`);
  if (typeof body.email !== 'string' || body.email.length > 254 || !EMAIL.test(body.email)) {
    return refuse('email', 'email must be an e-mail address');
  }
  if (body.state !== undefined && body.state !== null && (typeof body.state !== 'string' || !/^[A-Z]{2}$/.test(body.state))) {
    return refuse('state', 'state must be a two-letter state code');
  }
  if (body.zip !== undefined && body.zip !== null && (typeof body.zip !== 'string' || !/^\d{5}$/.test(body.zip))) {
    return refuse('zip', 'zip must be 5 digits');
  }
  let plan: CrmLead['plan'] = null;
  if (body.plan !== undefined && body.plan !== null) {
    if (!isObject(body.plan)) return refuse('plan', 'plan must be an object { bidId, name, carrier }');
    const extra = Object.keys(body.plan).filter((key) => !(PLAN_FIELDS as readonly string[]).includes(key));
    if (extra.length) return refuse(`plan.${extra[0]!}`, `Unknown field(s) in plan: ${extra.join(', ')}`);
    if (typeof body.plan.bidId !== 'string' || !/^[HRSE]\d{4}_\d{3}_\d{1,3}$/.test(body.plan.bidId)) {
      return refuse('plan.bidId', 'plan.bidId must be a plan id such as H0104_012_0');
    }
    const name = text(body.plan.name, 200);
    if (!name) return refuse('plan.name', 'plan.name must be 1 to 200 characters');
    const carrier = text(body.plan.carrier, 200);
    if (!carrier) return refuse('plan.carrier', 'plan.carrier must be 1 to 200 characters');
    plan = { bidId: body.plan.bidId, name, carrier };
  }
  if (typeof body.createdAt !== 'string' || !ISO_INSTANT.test(body.createdAt) || Number.isNaN(Date.parse(body.createdAt))) {
    return refuse('createdAt', 'createdAt must be an ISO 8601 date and time');
  }
  return {
    ok: true,
    lead: {
      leadId: body.leadId,
      phone: body.phone,
      firstName,
      lastName,
      email: body.email,
      state: (body.state as string | null | undefined) ?? null,
      zip: (body.zip as string | null | undefined) ?? null,
      plan,
      createdAt: body.createdAt,
    },
  };
}
