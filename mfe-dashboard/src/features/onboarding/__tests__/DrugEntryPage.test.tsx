import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { PricingTexts } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { allCalls, callsTo, deferredReply, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { replaceText, setupUser, type UserEvent } from '@healthlink/test-support/user';
import { buildDrugFound, buildDrugMatch, buildMatchesFound } from '@healthlink/web-drugs/testing';
import { DrugEntryPage } from '../routes/DrugEntryPage';

let user: UserEvent;
const scrollIntoView = jest.fn();
beforeEach(() => {
  user = setupUser();
  localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
});

const LOOKUP = 'POST /api/drugLookup';
const ZIP = 'PUT /api/updateUserProfile';
const ADD = 'POST /api/userDrugs/add';

const MATCHES = buildMatchesFound([
  buildDrugMatch(),
  buildDrugMatch({ proprietaryName: null, drugName: 'Atorvastatin Calcium', ndc: null, rxcui: '617312', strength: '40' }),
]);
const SINGLE = buildDrugFound();

function serve({
  lookup = { status: 200, body: MATCHES },
  zip = { status: 200, body: { message: 'ok' } },
  add = { status: 201, body: { message: 'Drug added', id: 'rx-9' } },
}: { lookup?: ApiHandler; zip?: ApiHandler; add?: ApiHandler } = {}) {
  serveApi({ [LOOKUP]: lookup, [ZIP]: zip, [ADD]: add });
  renderPage(<DrugEntryPage />, '/drugEntry');
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const type = (label: string, value: string) => replaceText(user, field(label), value);
const find = () => user.click(screen.getByRole('button', { name: 'Find My Drug' }));

async function fillAll({ ndc = '', zipcode = '02139' }: { ndc?: string; zipcode?: string } = {}) {
  await type('Drug Name', 'Atorvastatin');
  await type('Dosage', '20 mg');
  await user.selectOptions(field('Drug Type'), 'TABLET');
  await type('Amount Paid', '$45');
  if (ndc) await type('NDC', ndc);
  await type('Zipcode', zipcode);
}

describe('/drugEntry', () => {
  it('has the title, the six labelled fields, the Drug Type options and the insurance link', () => {
    serve();
    expect(screen.getByRole('heading', { level: 1, name: PricingTexts.lookupTitle })).toBeInTheDocument();
    for (const label of ['Drug Name', 'Dosage', 'Amount Paid', 'NDC', 'Zipcode'])
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Drug Type' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a Type', 'TABLET', 'CAPSULE', 'LIQUID', 'INJECTION', 'CREAM', 'OINTMENT']);
    expect(screen.getByRole('textbox', { name: 'NDC' })).toHaveAccessibleDescription(/10 or 11 digit code on the bottle/);
    expect(screen.getByRole('link', { name: 'Link your health insurance company instead' })).toHaveAttribute('href', '/insuranceSelect');
  });

  it('shows every rule of the form on the offending field, focused and described, and sends nothing', async () => {
    serve();
    const expectProblem = async (label: string, message: string) => {
      await find();
      const control = field(label);
      expect(control).toHaveFocus();
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
      // Shown under the field itself, not only at the end of the form.
      expect(control.closest('.hl-field')).toHaveTextContent(message);
    };
    await expectProblem('Drug Name', PricingTexts.fieldRequired);
    await type('Drug Name', 'Atorvastatin');
    await expectProblem('Dosage', PricingTexts.fieldRequired);
    await type('Dosage', '20 mg');
    await expectProblem('Drug Type', PricingTexts.drugFormRequired);
    await user.selectOptions(field('Drug Type'), 'CAPSULE');
    await expectProblem('Amount Paid', PricingTexts.pricePaidInvalid);
    await type('Amount Paid', '-5');
    await expectProblem('Amount Paid', PricingTexts.pricePaidInvalid);
    await type('Amount Paid', 'twelve');
    await expectProblem('Amount Paid', PricingTexts.pricePaidInvalid);
    await type('Amount Paid', '12.50');
    await type('NDC', '12345');
    await expectProblem('NDC', PricingTexts.ndcInvalid);
    await type('NDC', '');
    await expectProblem('Zipcode', PricingTexts.fieldRequired);
    await type('Zipcode', '0213');
    await expectProblem('Zipcode', PricingTexts.zipcodeInvalid);
    expect(allCalls()).toHaveLength(0);
  });

  it('sends the zipcode to the profile first, then the lookup, reading Looking up... meanwhile', async () => {
    const lookup = deferredReply();
    serve({ lookup: lookup.handler });
    await fillAll();
    await find();
    const busy = await screen.findByRole('button', { name: 'Looking up...' });
    expect(busy).toBeDisabled();
    await waitFor(() => expect(callsTo(LOOKUP)).toHaveLength(1));
    expect(allCalls().map((call) => `${call.method} ${call.path}`)).toEqual([ZIP, LOOKUP]);
    expect(callsTo(ZIP)[0].body).toEqual({ postal_code: '02139' });
    expect(callsTo(LOOKUP)[0].body).toEqual({ drugName: 'Atorvastatin', drugDosage: '20 mg', drugForm: 'TABLET', patientPaid: 45 });
    lookup.release({ status: 200, body: MATCHES });
    expect(await screen.findByRole('button', { name: 'Find My Drug' })).toBeEnabled();
  });

  it('ignores a failed zipcode update and still looks the drug up', async () => {
    serve({ zip: { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'down' } } });
    await fillAll();
    await find();
    expect(await screen.findByRole('heading', { name: '2 matches found' })).toBeInTheDocument();
    expect(callsTo(LOOKUP)).toHaveLength(1);
  });

  it('shows the match cards scrolled into view with focus, and choosing one saves it and goes to the dashboard', async () => {
    serve();
    await fillAll({ zipcode: '02139-1234' });
    await find();
    const heading = await screen.findByRole('heading', { name: '2 matches found' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrollIntoView).toHaveBeenCalled();
    expect(callsTo(ZIP)[0].body).toEqual({ postal_code: '02139' });

    const [lipitor, generic] = screen.getAllByRole('article');
    expect(within(lipitor).getByRole('heading', { name: 'Lipitor' })).toBeInTheDocument();
    for (const [term, value] of [
      ['Proprietary name', 'Lipitor'],
      ['Strength', '20'],
      ['Unit', 'mg/1'],
      ['Dosage form', 'TABLET, FILM COATED'],
      ['Non-proprietary name', 'atorvastatin calcium'],
      ['NDC', '00071015523'],
    ]) {
      expect(within(lipitor).getByText(term, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(generic).getByText('NDC', { selector: 'dt' }).nextElementSibling).toHaveTextContent('N/A');
    expect(within(generic).getByText('Proprietary name', { selector: 'dt' }).nextElementSibling).toHaveTextContent('N/A');

    await user.click(within(lipitor).getByRole('button', { name: /^Choose Lipitor/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/dashboard'));
    expect(callsTo(ADD).map((call) => call.body)).toEqual([
      { drugName: 'atorvastatin calcium', drugDosage: '20 mg', drugForm: 'TABLET', patientPaid: 45, ndc: '00071015523', rxcui: '617310' },
    ]);
  });

  it('accepts an NDC typed with dashes and shows the Results panel with prices, their date and formula', async () => {
    serve({ lookup: { status: 200, body: SINGLE } });
    await fillAll({ ndc: '0093-5058-98' });
    await find();
    const heading = await screen.findByRole('heading', { name: 'Results' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(callsTo(LOOKUP)[0].body).toMatchObject({ ndc: '0093-5058-98' });
    const panel = screen.getByRole('region', { name: 'Results' });
    const fact = (term: string) => within(panel).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(fact('Drug name')).toHaveTextContent('Atorvastatin Calcium 20 MG Oral Tablet');
    expect(fact('NDC')).toHaveTextContent('00093505898');
    expect(fact('RXCUI')).toHaveTextContent('617310');
    expect(fact('Brand price per fill')).toHaveTextContent('$310.50');
    expect(fact('Generic price per fill')).toHaveTextContent('$11.85');
    expect(fact('Generic price per fill')).toHaveTextContent('Price as of Apr 22, 2026');
    expect(fact('You paid')).toHaveTextContent('$45.00');
    expect(fact('Savings')).toHaveTextContent('You could save $33.15 a fill');

    const note = within(fact('Generic price per fill')).getByRole('button', { name: /How this price was worked out: generic price/ });
    expect(within(fact('Generic price per fill')).getByRole('tooltip', { hidden: true })).not.toBeVisible();
    act(() => note.focus());
    expect(await within(fact('Generic price per fill')).findByRole('tooltip')).toHaveTextContent(
      '30 EA x $0.04512 NADAC + $10.50 dispensing fee. Price data as of Apr 22, 2026.',
    );
    await user.keyboard('{Escape}');
    expect(within(fact('Generic price per fill')).getByRole('tooltip', { hidden: true })).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save this drug' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/dashboard'));
    expect(callsTo(ADD)[0].body).toEqual({
      drugName: 'Atorvastatin Calcium 20 MG Oral Tablet',
      drugDosage: '20 mg',
      drugForm: 'TABLET',
      patientPaid: 45,
      ndc: '00093505898',
      rxcui: '617310',
    });
  });

  it.each([
    [
      'the server message',
      { status: 200, body: { error: true, message: 'NDC 0093-5058-99 is not in our reference data', pricing: null } },
      'NDC 0093-5058-99 is not in our reference data',
    ],
    ['No medication information found', { status: 200, body: { error: true, message: '', pricing: null } }, PricingTexts.lookupNone],
    [
      'No medication information found for an empty answer',
      { status: 200, body: { error: false, message: '', matches: [], pricing: null } },
      PricingTexts.lookupNone,
    ],
    ['Failed to lookup drug', { status: 503, body: { code: 'INTERNAL.UNAVAILABLE', message: 'down' } }, PricingTexts.lookupFailed],
  ] as const)('shows %s when the lookup finds nothing or fails', async (_, lookup, text) => {
    serve({ lookup });
    await fillAll();
    await find();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
  });

  it('highlights the field the server refused', async () => {
    serve({
      lookup: {
        status: 400,
        body: { code: 'PRICING.VALIDATION', message: 'Invalid', errors: [{ field: 'ndc', message: PricingTexts.ndcInvalid }] },
      },
    });
    await fillAll({ ndc: '0093-5058-98' });
    await find();
    await waitFor(() => expect(field('NDC')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('NDC')).toHaveAccessibleDescription(expect.stringContaining(PricingTexts.ndcInvalid));
  });

  it.each([
    ['the server message', { status: 400, body: { code: 'PRICING.VALIDATION', message: 'Drug already saved' } }, 'Drug already saved'],
    ['Failed to save drug', { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'boom' } }, PricingTexts.saveFailed],
  ] as const)('shows %s when saving fails and stays', async (_, add, text) => {
    serve({ add });
    await fillAll();
    await find();
    await user.click(await screen.findByRole('button', { name: /^Choose Lipitor/ }));
    expect(await screen.findByText(text)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: /^Choose Lipitor/ })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/drugEntry');
  });
});
