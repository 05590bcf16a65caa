import { escapeHtml } from '../html';
import type { MemberRecord } from './member-directory';

/** The OAuth parameters the page carries from the GET to the POST (validated again on the POST). */
export interface AuthorizeParams {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  state: string;
  scope: string;
  code_challenge: string;
  code_challenge_method: string;
  /** SMART App Launch: the FHIR base the request is for ('' when not sent). */
  aud: string;
  /** OpenID Connect: echoed in the ID token ('' when not sent). */
  nonce: string;
}

export interface AuthorizeFormState {
  member?: string;
  username?: string;
  /** The record types the member left ticked (undefined: the page is new and all are ticked). */
  shared?: string[];
  error?: { field: 'member' | 'username' | 'password' | 'share'; message: string };
}

const CONTEXT_TEXT: Record<string, string> = {
  openid: 'Know who you are (your member identity)',
  fhirUser: 'Know who you are (your member identity)',
  'launch/patient': 'Know which member record you chose',
  offline_access: 'Keep access when you are not signed in, until you revoke it',
};

/** What each record type is, in the member's words; the FHIR name follows for the curious. */
const TYPE_TEXT: Record<string, [string, string]> = {
  Patient: ['Your member profile', 'Name, date of birth, address and member ID'],
  ExplanationOfBenefit: ['Claims', 'What was billed, what your plan paid and what you owed'],
  Coverage: ['Coverage', 'Your plans and their dates'],
  Condition: ['Conditions', 'Diagnoses on your record'],
  Encounter: ['Visits', 'Doctor and hospital visits'],
  MedicationRequest: ['Prescriptions', 'Medicines prescribed to you'],
  Organization: ['Organizations', 'Insurers, pharmacies and hospitals named in your records'],
  Practitioner: ['Clinicians', 'Doctors and other clinicians named in your records'],
  PractitionerRole: ['Clinician roles', 'Where and as what those clinicians work'],
  Location: ['Places of care', 'Addresses of the places you were seen'],
  Medication: ['Medicines', 'Details of the medicines in your records'],
  RelatedPerson: ['Related people', 'People named on your record, such as a policy holder'],
};

const STYLE = `*{box-sizing:border-box}body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1b1b;background:#f4f5f7}
main{max-width:40rem;margin:0 auto;padding:1rem;background:#fff;min-height:100vh}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;margin:1.25rem 0 .5rem}
.notice{border-left:4px solid #8a5a00;background:#fff7e6;padding:.5rem .75rem}.error{border-left:4px solid #b00020;background:#fdecee;padding:.5rem .75rem}
fieldset{border:1px solid #767676;border-radius:6px;padding:.5rem .75rem;margin:0}legend{font-weight:600;padding:0 .25rem}
.member{display:flex;gap:.6rem;align-items:flex-start;padding:.5rem 0;border-bottom:1px solid #ddd}.member:last-child{border-bottom:0}
.member input{width:1.35rem;height:1.35rem;margin-top:.15rem;flex:none}.member label{flex:1;min-width:0;overflow-wrap:anywhere}
.meta{display:block;color:#3d3d3d;font-size:.9rem}code{font-size:.95em;background:#eef0f3;padding:0 .2rem;border-radius:3px}
.field{margin:.75rem 0}.field label{display:block;font-weight:600}.hint{display:block;color:#3d3d3d;font-size:.9rem}
input[type=text],input[type=password]{width:100%;font:inherit;padding:.55rem;border:1px solid #767676;border-radius:4px;margin-top:.25rem}
[aria-invalid=true]{border-color:#b00020;border-width:2px}.field-error{color:#b00020;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.25rem 0}button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.5rem;border-radius:4px;border:2px solid #0b4a8b;cursor:pointer}
.approve{background:#0b4a8b;color:#fff}.deny{background:#fff;color:#0b4a8b}
:focus-visible{outline:3px solid #1a4fd6;outline-offset:2px}ul{padding-left:1.25rem}`;

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const countsText = (counts: Record<string, number>): string => {
  const part = (type: string, one: string, many: string) => {
    const n = counts[type] ?? 0;
    return n ? `${n} ${n === 1 ? one : many}` : '';
  };
  return [
    part('ExplanationOfBenefit', 'claim', 'claims'),
    part('MedicationRequest', 'prescription', 'prescriptions'),
    part('Condition', 'condition', 'conditions'),
    part('Encounter', 'visit', 'visits'),
    part('Coverage', 'coverage', 'coverages'),
  ]
    .filter(Boolean)
    .join(', ');
};

export function renderAuthorizePage(o: {
  insurerName: string;
  action: string;
  params: AuthorizeParams;
  members: MemberRecord[];
  /** The record types the request asks for, one checkbox each. */
  choices: readonly string[];
  state: AuthorizeFormState;
}): string {
  const { params, members, state, choices } = o;
  const selected = state.member ?? members[0]?.username;
  const err = state.error;
  const errorId = (field: string) => (err?.field === field ? `${field}-error` : '');
  const describedBy = (...ids: string[]) => {
    const list = ids.filter(Boolean).join(' ');
    return list ? ` aria-describedby="${list}"` : '';
  };
  const hidden = (Object.keys(params) as (keyof AuthorizeParams)[])
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params[k])}">`)
    .join('');
  const fieldError = (field: string) =>
    err?.field === field ? `<span class="field-error" id="${field}-error">${escapeHtml(err.message)}</span>` : '';
  const asks = [
    ...(choices.length ? ['Read the records you choose below, without changing them'] : []),
    ...new Set(
      params.scope
        .split(' ')
        .map((s) => CONTEXT_TEXT[s])
        .filter((s): s is string => s !== undefined),
    ),
  ];
  const shareItems = choices
    .map((type, i) => {
      const id = `share-${i}`;
      const [title, detail] = TYPE_TEXT[type] ?? [type, 'Records of this kind'];
      const checked = state.shared === undefined || state.shared.includes(type);
      return (
        `<div class="member"><input type="checkbox" name="share" id="${id}" value="${escapeHtml(type)}"${checked ? ' checked' : ''}>` +
        `<label for="${id}"><strong>${escapeHtml(title)}</strong> <span class="meta">${escapeHtml(detail)} (<code>${escapeHtml(type)}</code>)</span></label></div>`
      );
    })
    .join('');
  const shareSection = choices.length
    ? `<h2>What to share</h2><fieldset${describedBy('share-hint', errorId('share'))}><legend>Records HealthLink may read</legend>` +
      `<p class="hint" id="share-hint">All are ticked. Untick any kind of record you do not want to share; HealthLink can read only what stays ticked.</p>` +
      `${shareItems}</fieldset>${fieldError('share')}`
    : '';
  const returnTo = new URL(params.redirect_uri).origin;
  const memberItems = members
    .map((m, i) => {
      const id = `member-${i}`;
      return (
        `<div class="member"><input type="radio" name="member" id="${id}" value="${escapeHtml(m.username)}"${m.username === selected ? ' checked' : ''}>` +
        `<label for="${id}"><strong>${escapeHtml(m.name)}</strong> <code>${escapeHtml(m.username)}</code>` +
        `<span class="meta">${escapeHtml(m.label)}${countsText(m.counts) ? ` (${escapeHtml(countsText(m.counts))})` : ''}</span></label></div>`
      );
    })
    .join('');
  const body =
    `<p class="notice"><strong>Sandbox.</strong> This page stands in for ${escapeHtml(o.insurerName)}'s sign-in. The members are synthetic; any password works.</p>` +
    `<h1>Sign in to ${escapeHtml(o.insurerName)}</h1>` +
    (err ? `<p class="error" role="alert" id="form-error">${escapeHtml(err.message)}</p>` : '') +
    `<p><strong>HealthLink</strong> (<code>${escapeHtml(params.client_id)}</code>) asks to:</p><ul>${asks.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>` +
    `<p>After you decide, you return to <code>${escapeHtml(returnTo)}</code>.</p>` +
    `<form method="post" action="${escapeHtml(o.action)}">${hidden}` +
    `<fieldset${describedBy('member-hint', errorId('member'))}><legend>Choose a synthetic member</legend><p class="hint" id="member-hint">Each member's username is shown after the name.</p>${memberItems}</fieldset>${fieldError('member')}` +
    `<h2>Member login</h2>` +
    `<div class="field"><label for="username">Username</label><span class="hint" id="username-hint">Leave empty to sign in as the member chosen above.</span>` +
    `<input type="text" id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" value="${escapeHtml(state.username ?? '')}"` +
    `${describedBy('username-hint', errorId('username'))}${err?.field === 'username' ? ' aria-invalid="true" autofocus' : ''}>${fieldError('username')}</div>` +
    `<div class="field"><label for="password">Password</label><span class="hint" id="password-hint">Any password that is not empty.</span>` +
    `<input type="password" id="password" name="password" autocomplete="current-password" required` +
    `${describedBy('password-hint', errorId('password'))}${err?.field === 'password' ? ' aria-invalid="true" autofocus' : ''}>${fieldError('password')}</div>` +
    shareSection +
    `<div class="actions"><button type="submit" class="approve" name="decision" value="approve">Approve</button>` +
    `<button type="submit" class="deny" name="decision" value="deny" formnovalidate>Deny</button></div></form>`;
  return page(`Sign in to ${o.insurerName} (sandbox)`, body);
}

/** A request the insurer will not redirect back for (RFC 6749 §4.1.2.1: bad client or redirect URI, and the like). */
export function renderAuthorizeError(insurerName: string, message: string): string {
  return page(
    `Authorization error - ${insurerName} (sandbox)`,
    `<p class="notice"><strong>Sandbox.</strong> This page stands in for ${escapeHtml(insurerName)}'s sign-in.</p>` +
      `<h1>${escapeHtml(insurerName)} cannot process this request</h1>` +
      `<p class="error" role="alert">${escapeHtml(message)}</p>` +
      `<p>The application that sent you here made a request this insurer does not accept, so you are not sent back to it. Close this page and try again from the application.</p>`,
  );
}
