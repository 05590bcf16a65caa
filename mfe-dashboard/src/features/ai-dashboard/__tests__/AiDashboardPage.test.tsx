import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { callsTo, deferredReply, serveApi, serveErrorLog } from '@healthlink/test-support/api-server';
import { setupUser } from '@healthlink/test-support/user';
import type { WidgetProps } from '../../../components/widget/widget-types';
import { AiDashboardPage } from '../routes/AiDashboardPage';
import {
  buildItem,
  buildMedicalData,
  DASHBOARD_ITEM_KEY,
  DEFINE_MED_CODE_KEY,
  definition,
  entry,
  serveDefinitions,
  serveItems,
  serveMedicalData,
  suggestions,
  unknownDefinition,
} from './fake-ai-api';

const FAILED = 'Failed to fetch response from OpenAI.';

function FakeWidget({ variant }: WidgetProps) {
  return <p>widget ({variant})</p>;
}

function renderAiDashboard({ firstName }: { firstName: string | undefined } = { firstName: 'Ada' }) {
  return renderPage(<AiDashboardPage RxHistory={FakeWidget} HealthHistory={FakeWidget} firstName={firstName} />, '/app/aiDashboard');
}

const region = (name: string) => within(screen.getByRole('region', { name }));

// The page renders several cards, each with its own requests; the waits inside are what is tested.
jest.setTimeout(20_000);

describe('/app/aiDashboard', () => {
  let log: ReturnType<typeof serveErrorLog>;
  beforeEach(() => {
    log = serveErrorLog();
  });

  it('welcomes the member by first name, with the sections in the sidebar order and the two data widgets', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveItems();
    serveDefinitions();
    renderAiDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(document.title).toBe('AI Dashboard | CarePath');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Symptom Monitoring', 'Recommended Tests', 'Procedures', 'Your Medical Data', 'Rx History', 'Health History']);
    expect(region('Rx History').getByText('widget (dashboard)')).toBeInTheDocument();
    expect(region('Health History').getByText('widget (dashboard)')).toBeInTheDocument();
    await region('Procedures').findByRole('list', { name: 'Procedures suggestions' });
  });

  it('greets without a name until it is known', () => {
    serveMedicalData(deferredReply().handler);
    renderAiDashboard({ firstName: undefined });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
  });

  it('shows loading skeletons in every AI card while the member data loads', () => {
    serveMedicalData(deferredReply().handler);
    renderAiDashboard();
    for (const title of ['Symptom Monitoring', 'Recommended Tests', 'Procedures', 'Your Medical Data']) {
      expect(region(title).getByRole('status')).toHaveTextContent(`Loading ${title}…`);
    }
    expect(callsTo(DASHBOARD_ITEM_KEY)).toHaveLength(0);
  });

  it('asks each card with its key and data lists, and shows its suggestions (up to its limit) with source and date', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveItems({
      symptomMonitoring: buildItem(suggestions('Symptom', 7), 'ICD-10-CM FY2026'),
      recommendedTests: buildItem(suggestions('Test', 5)),
      procedures: buildItem(suggestions('Procedure', 8), 'HCPCS 2026'),
    });
    serveDefinitions();
    renderAiDashboard();

    const symptoms = await region('Symptom Monitoring').findByRole('list', { name: 'Symptom Monitoring suggestions' });
    // Part 2 §9: up to 5 symptoms, 5 tests, 6 procedure insights.
    expect(within(symptoms).getAllByRole('listitem')).toHaveLength(5);
    const first = within(symptoms).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3, name: 'Symptom 1' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Symptom details 1.');
    expect(region('Symptom Monitoring').getByText('Source: ICD-10-CM FY2026, as of Jan 5, 2026')).toBeInTheDocument();

    const tests = await region('Recommended Tests').findByRole('list', { name: 'Recommended Tests suggestions' });
    expect(within(tests).getAllByRole('listitem')).toHaveLength(5);
    expect(region('Recommended Tests').getByText('Source: USPSTF A and B recommendations, as of Jan 5, 2026')).toBeInTheDocument();
    const procedures = await region('Procedures').findByRole('list', { name: 'Procedures suggestions' });
    expect(within(procedures).getAllByRole('listitem')).toHaveLength(6);

    const asked = callsTo(DASHBOARD_ITEM_KEY).map((call) => call.body);
    expect(asked).toEqual(
      expect.arrayContaining([
        { itemKey: 'symptomMonitoring', requiredFields: ['diagnosisCodes'] },
        { itemKey: 'recommendedTests', requiredFields: ['diagnosisCodes'] },
        { itemKey: 'procedures', requiredFields: ['procedureCodes'] },
      ]),
    );
    expect(asked).toHaveLength(3);
  });

  it('asks no suggestions for a card whose data list is empty, and says why with the way to link insurance', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData({ procedureCodes: [] }) });
    serveItems();
    serveDefinitions();
    renderAiDashboard();
    await region('Symptom Monitoring').findByRole('list', { name: 'Symptom Monitoring suggestions' });
    const procedures = region('Procedures');
    expect(
      procedures.getByText('These suggestions are built from the procedures on your records, and we have none for you yet.'),
    ).toBeInTheDocument();
    expect(procedures.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(procedures.queryByRole('list')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(DASHBOARD_ITEM_KEY)).toHaveLength(2));
    expect(callsTo(DASHBOARD_ITEM_KEY).map((call) => (call.body as { itemKey: string }).itemKey)).not.toContain('procedures');
  });

  it('a failed card shows the AI failure text, is logged with its error type, and Try again asks again', async () => {
    const second = deferredReply();
    let symptomAsks = 0;
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveDefinitions();
    serveApi({
      [DASHBOARD_ITEM_KEY]: ({ body }) => {
        const { itemKey } = body as { itemKey: string };
        if (itemKey !== 'symptomMonitoring') return { status: 200, body: buildItem(suggestions(itemKey, 2)) };
        symptomAsks += 1;
        return symptomAsks === 1 ? { status: 502, body: { code: 'AI.PROVIDER_FAILED', message: 'Bad gateway' } } : second.handler();
      },
    });
    const user = setupUser();
    renderAiDashboard();
    const symptoms = region('Symptom Monitoring');
    expect(await symptoms.findByText(FAILED)).toBeInTheDocument();
    // The other cards are not touched by it.
    expect(await region('Procedures').findByRole('list', { name: 'Procedures suggestions' })).toBeInTheDocument();
    await waitFor(() => expect(log.map((entry) => entry.errorType)).toContain('OPENAI_DASHBOARD_ITEM_ERROR'));
    expect(log.find((entry) => entry.errorType === 'OPENAI_DASHBOARD_ITEM_ERROR')).toMatchObject({
      host: 'frontend-prod/localhost',
      errorDetails: { endpoint: '/api/ai/aiDashboardItem', status: 502 },
    });

    await user.click(symptoms.getByRole('button', { name: 'Try again' }));
    expect(await symptoms.findByText('Loading Symptom Monitoring…')).toBeInTheDocument();
    second.release({ status: 200, body: buildItem(suggestions('Symptom', 2)) });
    expect(await symptoms.findByRole('list', { name: 'Symptom Monitoring suggestions' })).toBeInTheDocument();
    expect(symptoms.queryByText(FAILED)).not.toBeInTheDocument();
  });

  it('logs a card that could not reach the server as an exception', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveDefinitions();
    serveItems({ procedures: 'network-error' });
    renderAiDashboard();
    expect(await region('Procedures').findByText(FAILED)).toBeInTheDocument();
    await waitFor(() => expect(log.map((entry) => entry.errorType)).toContain('OPENAI_DASHBOARD_ITEM_EXCEPTION'));
  });

  it('an empty answer shows that there is nothing to suggest', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveItems({ recommendedTests: buildItem([]) });
    serveDefinitions();
    renderAiDashboard();
    expect(await region('Recommended Tests').findByText('We have no suggestions for your records at the moment.')).toBeInTheDocument();
  });

  it('a failed member-data read shows the AI failure text in the cards, is logged once, and Try again reads again', async () => {
    const second = deferredReply();
    let reads = 0;
    serveMedicalData(() => {
      reads += 1;
      return reads === 1 ? { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'Internal server error' } } : second.handler();
    });
    serveItems();
    serveDefinitions();
    const user = setupUser();
    renderAiDashboard();
    expect(await region('Your Medical Data').findByText(FAILED)).toBeInTheDocument();
    expect(region('Symptom Monitoring').getByText(FAILED)).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({ errorType: 'OPENAI_FETCH_ERROR', errorDetails: { endpoint: '/api/ai/medicalData', status: 500 } });
    expect(callsTo(DASHBOARD_ITEM_KEY)).toHaveLength(0);

    await user.click(region('Your Medical Data').getByRole('button', { name: 'Try again' }));
    expect(await region('Your Medical Data').findByText('Loading Your Medical Data…')).toBeInTheDocument();
    second.release({ status: 200, body: buildMedicalData() });
    expect(await region('Your Medical Data').findByRole('heading', { level: 3, name: 'Diagnoses (2)' })).toBeInTheDocument();
    expect(log).toHaveLength(1);
  });

  it('a member with no codes at all sees the missing state of Your Medical Data', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData({ diagnosisCodes: [], procedureCodes: [], drugList: [] }) });
    renderAiDashboard();
    const data = region('Your Medical Data');
    expect(await data.findByText('No Medical Data found')).toBeInTheDocument();
    expect(data.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(callsTo(DASHBOARD_ITEM_KEY)).toHaveLength(0);
    expect(callsTo(DEFINE_MED_CODE_KEY)).toHaveLength(0);
  });
});

describe('Your Medical Data', () => {
  beforeEach(() => {
    serveErrorLog();
    serveItems();
  });

  it('defines each code of each group (diagnosis, procedure, drug) with its type label', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveDefinitions({ 'E11.9': definition('E11.9', 'Type 2 diabetes'), I10: definition('I10', 'High blood pressure') });
    renderAiDashboard();
    const data = region('Your Medical Data');
    const diagnoses = await data.findByRole('region', { name: 'Diagnoses codes' });
    expect(
      within(diagnoses)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['E11.9 Type 2 diabetes', 'I10 High blood pressure']);
    expect(await data.findByRole('region', { name: 'Procedures codes' })).toHaveTextContent('99213 Meaning of 99213');
    expect(await data.findByRole('region', { name: 'Drugs codes' })).toHaveTextContent('00093721401 Meaning of 00093721401');
    expect(callsTo(DEFINE_MED_CODE_KEY).map((call) => call.body)).toEqual(
      expect.arrayContaining([
        { code: 'E11.9', codeType: 'diagnosis code' },
        { code: 'I10', codeType: 'diagnosis code' },
        { code: '99213', codeType: 'procedure code' },
        { code: '00093721401', codeType: 'drug ndc' },
      ]),
    );
    expect(callsTo(DEFINE_MED_CODE_KEY)).toHaveLength(4);
    expect(data.getAllByText('Source: ICD-10-CM FY2026, as of Oct 1, 2025')).toHaveLength(3);
  });

  it('each row expands and collapses by keyboard, showing the explanation, official name and last date', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData({ diagnosisCodes: [entry('E11.9', { lastSeen: '2025-02-10' })] }) });
    serveDefinitions({ 'E11.9': definition('E11.9', 'Type 2 diabetes', 'Your body does not use insulin well.') });
    const user = setupUser();
    renderAiDashboard();
    const diagnoses = await region('Your Medical Data').findByRole('region', { name: 'Diagnoses codes' });
    const row = within(diagnoses).getByRole('button', { name: 'E11.9 Type 2 diabetes' });
    expect(row).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Your body does not use insulin well.')).not.toBeVisible();

    row.focus();
    await user.keyboard('{Enter}');
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Your body does not use insulin well.')).toBeVisible();
    expect(screen.getByText('Type 2 diabetes (official)')).toBeVisible();
    expect(screen.getByText('Last on your records: Feb 10, 2025')).toBeVisible();
    await user.keyboard(' ');
    expect(row).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Your body does not use insulin well.')).not.toBeVisible();
  });

  it('an unknown code shows the server words, nothing invented', async () => {
    serveMedicalData({
      status: 200,
      body: buildMedicalData({ diagnosisCodes: [entry('Z99.999', { display: 'As the claim named it' })] }),
    });
    serveDefinitions({ 'Z99.999': unknownDefinition('Z99.999') });
    const user = setupUser();
    renderAiDashboard();
    const diagnoses = await region('Your Medical Data').findByRole('region', { name: 'Diagnoses codes' });
    await user.click(within(diagnoses).getByRole('button', { name: 'Z99.999 As the claim named it' }));
    expect(within(diagnoses).getByText('We could not find the code Z99.999 in our reference data.')).toBeVisible();
    expect(within(diagnoses).queryByText(/Official name/)).not.toBeInTheDocument();
  });

  it('shows a skeleton per group until its definitions arrive', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData() });
    const held = deferredReply();
    // E11.9 is held: the Diagnoses group stays a skeleton, the others show.
    serveApi({
      [DEFINE_MED_CODE_KEY]: ({ body }) =>
        (body as { code: string }).code === 'E11.9' ? held.handler() : { status: 200, body: definition('x', 'Plain words') },
    });
    renderAiDashboard();
    const data = region('Your Medical Data');
    expect(await data.findByRole('region', { name: 'Procedures codes' })).toBeInTheDocument();
    expect(data.getByRole('status')).toHaveTextContent('Loading Diagnoses definitions…');
    expect(data.queryByRole('region', { name: 'Diagnoses codes' })).not.toBeInTheDocument();
    held.release({ status: 200, body: definition('E11.9', 'Type 2 diabetes') });
    expect(await data.findByRole('region', { name: 'Diagnoses codes' })).toBeInTheDocument();
    expect(data.queryByRole('status')).not.toBeInTheDocument();
  });

  it('leaves out the codes whose definition failed, says how many, logs it, and Try again brings them', async () => {
    const log = serveErrorLog();
    let e11 = 0;
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveApi({
      [DEFINE_MED_CODE_KEY]: ({ body }) => {
        const { code } = body as { code: string };
        if (code === 'E11.9' && (e11 += 1) === 1) return { status: 502, body: { code: 'AI.PROVIDER_FAILED', message: 'Bad gateway' } };
        return { status: 200, body: definition(code, code === 'E11.9' ? 'Type 2 diabetes' : 'Plain words') };
      },
    });
    const user = setupUser();
    renderAiDashboard();
    const data = region('Your Medical Data');
    const diagnoses = await data.findByRole('region', { name: 'Diagnoses codes' });
    expect(within(diagnoses).getAllByRole('button')).toHaveLength(1);
    expect(within(diagnoses).queryByText('Type 2 diabetes')).not.toBeInTheDocument();
    expect(data.getByText('We could not explain 1 code right now.')).toBeInTheDocument();
    await waitFor(() => expect(log.map((entry) => entry.errorType)).toContain('OPENAI_MEDICAL_CODE_ERROR'));
    expect(log.find((entry) => entry.errorType === 'OPENAI_MEDICAL_CODE_ERROR')?.errorDetails).toMatchObject({
      endpoint: '/api/ai/defineMedCode',
      status: 502,
    });

    await user.click(data.getByRole('button', { name: 'Try again diagnoses' }));
    expect(await within(diagnoses).findByText('Type 2 diabetes')).toBeInTheDocument();
    expect(data.queryByText('We could not explain 1 code right now.')).not.toBeInTheDocument();
  });

  it('says so when no code of a group could be explained, and when a group has no codes', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData({ drugList: [] }) });
    serveDefinitions({ '99213': 'network-error' });
    renderAiDashboard();
    const data = region('Your Medical Data');
    expect(await data.findByText('We could not explain these codes right now.')).toBeInTheDocument();
    expect(data.queryByRole('region', { name: 'Procedures codes' })).not.toBeInTheDocument();
    expect(data.getByText('No prescriptions on your records yet.')).toBeInTheDocument();
  });

  it('scrolls each list in a keyboard-focusable region', async () => {
    serveMedicalData({
      status: 200,
      body: buildMedicalData({ diagnosisCodes: Array.from({ length: 12 }, (_, index) => entry(`A0${index}`)) }),
    });
    serveDefinitions();
    const user = setupUser();
    renderAiDashboard();
    const diagnoses = await region('Your Medical Data').findByRole('region', { name: 'Diagnoses codes' });
    expect(within(diagnoses).getAllByRole('button')).toHaveLength(12);
    expect(diagnoses).toHaveAttribute('tabindex', '0');
    expect(diagnoses).toHaveClass('ai-group__scroll');
    // Tab reaches the scroll region itself (arrow keys then scroll it), then its first row.
    const intro = region('Your Medical Data').getByText(/The codes on your claims/);
    intro.setAttribute('tabindex', '-1');
    intro.focus();
    await user.tab();
    expect(diagnoses).toHaveFocus();
    await user.tab();
    expect(within(diagnoses).getAllByRole('button')[0]).toHaveFocus();
  });
});
