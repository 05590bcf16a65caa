/** @jest-environment jsdom */
// The DOM types for this jsdom test only; the build (tsconfig.build.json) leaves the specs, and the DOM, out.
/// <reference lib="dom" />
import axe from 'axe-core';
import { renderAuthorizePage, type AuthorizeFormState } from './authorize-page';
import { MemberDirectory } from './member-directory';
import { WILDCARD_CHOICES } from './smart-scopes';

const params = {
  response_type: 'code',
  client_id: 'healthlink-uhc',
  redirect_uri: 'http://localhost:8080/intermediary/uhc',
  state: 's',
  scope: 'openid fhirUser launch/patient offline_access patient/*.read',
  code_challenge: 'x'.repeat(43),
  code_challenge_method: 'S256',
  aud: 'http://localhost:4100/insurers/uhc/fhir',
  nonce: '',
};

/** The consent page in a DOM, checked by axe (WCAG 2.1 AA rules; contrast is not computed in jsdom). */
async function violations(state: AuthorizeFormState): Promise<string[]> {
  const html = renderAuthorizePage({
    insurerName: 'UnitedHealthcare',
    action: '/insurers/uhc/authorize',
    params,
    members: new MemberDirectory().list('uhc'),
    choices: WILDCARD_CHOICES,
    state,
  });
  document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
  document.documentElement.lang = 'en';
  const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('authorize page accessibility', () => {
  it('has no axe violations as first shown, every record type ticked', async () => {
    expect(await violations({})).toEqual([]);
    expect(document.querySelectorAll('input[type=checkbox][name=share]:checked')).toHaveLength(WILDCARD_CHOICES.length);
    for (const box of Array.from(document.querySelectorAll('input[type=checkbox]'))) {
      expect(document.querySelector(`label[for="${box.id}"]`)?.textContent).toBeTruthy();
    }
  });

  it('has no axe violations with the "tick at least one" error, which the fieldset points at', async () => {
    expect(
      await violations({ shared: [], error: { field: 'share', message: 'Tick at least one kind of record to share, or choose Deny.' } }),
    ).toEqual([]);
    const fieldset = document.querySelector('fieldset[aria-describedby~="share-error"]');
    expect(fieldset?.querySelector('legend')?.textContent).toBe('Records HealthLink may read');
    expect(document.getElementById('share-error')?.textContent).toContain('Tick at least one');
    expect(document.querySelector('[role=alert]')?.textContent).toContain('Tick at least one');
  });
});
