import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { PricingTexts } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { allCalls, callsTo, serveApi, type ApiCall, type ApiReply } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { replaceText, setupUser, type UserEvent } from '@healthlink/test-support/user';
import { buildDrugFound, buildDrugMatch, buildMatchesFound } from '@healthlink/web-drugs/testing';
import { DrugLookupPage } from '../routes/DrugLookupPage';

let user: UserEvent;
beforeEach(() => {
  user = setupUser();
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
});

const MATCHES = buildMatchesFound([buildDrugMatch({ dosageForm: 'TABLET' })]);
// The brand alone is priced: the generic reads "No price found".
const PRICED = buildDrugFound(
  { drug_name: 'Lipitor 20 MG Oral Tablet', drug_ndc: '00071015523' },
  { generic: null, patientPaid: '12.00', savings: null },
);

/** A name gives the matches; the chosen match's NDC gives its prices. */
function serveLookup() {
  serveApi({
    'POST /api/drugLookup': (call: ApiCall): ApiReply => ({
      status: 200,
      body: (call.body as { ndc?: string }).ndc ? PRICED : MATCHES,
    }),
  });
}

async function fillAndFind() {
  const type = (label: string, value: string) => replaceText(user, screen.getByLabelText(label), value);
  await type('Drug Name', 'Lipitor');
  await type('Dosage', '20 mg');
  await user.selectOptions(screen.getByLabelText('Drug Type'), 'TABLET');
  await type('Amount Paid', '12');
  await type('Zipcode', '60601');
  await user.click(screen.getByRole('button', { name: 'Find My Drug' }));
}

describe('/drugLookup', () => {
  it('a visitor looks a drug up, chooses a match, sees its prices and is invited to sign up; nothing is saved', async () => {
    serveLookup();
    renderPage(<DrugLookupPage />, '/drugLookup');
    expect(screen.getByRole('heading', { level: 1, name: PricingTexts.lookupTitle })).toBeInTheDocument();
    await fillAndFind();
    await screen.findByRole('heading', { name: '1 match found' });
    await user.click(screen.getByRole('button', { name: /^See prices Lipitor/ }));

    const results = await screen.findByRole('region', { name: 'Results' });
    await waitFor(() => expect(within(results).getByRole('heading', { name: 'Results' })).toHaveFocus());
    expect(within(results).getByText('Brand price per fill', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$310.50');
    expect(within(results).getByText('Generic price per fill', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No price found');
    expect(within(results).getByText('Price as of Apr 22, 2026')).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Sign up to save it' })).toHaveAttribute('href', '/register');

    // Signed out: no profile to update, no drug saved; the second lookup names the match by its NDC.
    expect(allCalls().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/drugLookup', 'POST /api/drugLookup']);
    expect(callsTo('POST /api/drugLookup')[1].body).toEqual({
      drugName: 'atorvastatin calcium',
      drugDosage: '20 mg',
      drugForm: 'TABLET',
      patientPaid: 12,
      ndc: '00071015523',
    });
  });

  it('a member also sends the zipcode first (its failure ignored) and is offered to add the drug', async () => {
    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    serveLookup();
    serveApi({ 'PUT /api/updateUserProfile': { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'down' } } });
    renderPage(<DrugLookupPage />, '/drugLookup');
    await fillAndFind();
    await screen.findByRole('heading', { name: '1 match found' });
    expect(callsTo('PUT /api/updateUserProfile')[0].body).toEqual({ postal_code: '60601' });
    await user.click(screen.getByRole('button', { name: /^See prices Lipitor/ }));
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(within(results).getByRole('link', { name: 'Add it to my drugs' })).toHaveAttribute('href', '/drugEntry');
  });

  it('shows the lookup failure text when the server is down', async () => {
    serveApi({ 'POST /api/drugLookup': 'network-error' });
    renderPage(<DrugLookupPage />, '/drugLookup');
    await fillAndFind();
    expect(await screen.findByText(PricingTexts.lookupFailed)).toBeInTheDocument();
  });
});
