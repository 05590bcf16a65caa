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
  serveItems,
  serveMedicalData,
  suggestions,
  unknownDefinition,
  withDefinitions,
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

  it('shows no card whose data list is empty, nor its sidebar anchor, and asks nothing for it', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData({ procedureCodes: [] }) });
    serveItems();
    renderAiDashboard();
    await region('Symptom Monitoring').findByRole('list', { name: 'Symptom Monitoring suggestions' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Procedures' })).not.toBeInTheDocument());
    const sidebar = screen.getByRole('navigation', { name: 'AI dashboard' });
    expect(within(sidebar).queryByRole('link', { name: 'Procedures' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Symptom Monitoring' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(DASHBOARD_ITEM_KEY)).toHaveLength(2));
    expect(callsTo(DASHBOARD_ITEM_KEY).map((call) => (call.body as { itemKey: string }).itemKey)).not.toContain('procedures');
  });

  it('a failed card shows the AI failure text, is logged with its error type, and Try again asks again', async () => {
    const second = deferredReply();
    let symptomAsks = 0;
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveApi({
      [DASHBOARD_ITEM_KEY]: ({ body }) => {
        const { itemKey } = body as { itemKey: string };
        if (itemKey !== 'symptomMonitoring') return { status: 200, body: buildItem(suggestions(itemKey, 2)) };
        symptomAsks += 1;
        // A failure the server did not log itself (not the provider's AI.PROVIDER_FAILED): the page logs it.
        return symptomAsks === 1 ? { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'Oops' } } : second.handler();
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
      errorDetails: { endpoint: '/api/ai/aiDashboardItem', status: 500 },
    });

    await user.click(symptoms.getByRole('button', { name: 'Try again' }));
    expect(await symptoms.findByText('Loading Symptom Monitoring…')).toBeInTheDocument();
    second.release({ status: 200, body: buildItem(suggestions('Symptom', 2)) });
    expect(await symptoms.findByRole('list', { name: 'Symptom Monitoring suggestions' })).toBeInTheDocument();
    expect(symptoms.queryByText(FAILED)).not.toBeInTheDocument();
  });

  it('logs a card that could not reach the server as an exception', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveItems({ procedures: 'network-error' });
    renderAiDashboard();
    expect(await region('Procedures').findByText(FAILED)).toBeInTheDocument();
    await waitFor(() => expect(log.map((entry) => entry.errorType)).toContain('OPENAI_DASHBOARD_ITEM_EXCEPTION'));
  });

  it('an empty answer shows that there is nothing to suggest', async () => {
    serveMedicalData({ status: 200, body: buildMedicalData() });
    serveItems({ recommendedTests: buildItem([]) });
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
    const asked = serveMedicalData({ status: 200, body: buildMedicalData({ diagnosisCodes: [], procedureCodes: [], drugList: [] }) });
    renderAiDashboard();
    const data = region('Your Medical Data');
    expect(await data.findByText('No Medical Data found')).toBeInTheDocument();
    expect(data.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(callsTo(DASHBOARD_ITEM_KEY)).toHaveLength(0);
    expect(callsTo(DEFINE_MED_CODE_KEY)).toHaveLength(0);
    expect(asked).toEqual(['lists']);
  });
});

describe('Your Medical Data', () => {
  beforeEach(() => {
    serveErrorLog();
    serveItems();
  });

  it('defines every code of each group (diagnosis, procedure, drug) in one call, not one call per code', async () => {
    const data = buildMedicalData();
    const asked = serveMedicalData(
      { status: 200, body: data },
      {
        status: 200,
        body: withDefinitions(data, { 'E11.9': definition('E11.9', 'Type 2 diabetes'), I10: definition('I10', 'High blood pressure') }),
      },
    );
    renderAiDashboard();
    const card = region('Your Medical Data');
    const diagnoses = await card.findByRole('region', { name: 'Diagnoses codes' });
    expect(
      within(diagnoses)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['E11.9 Type 2 diabetes', 'I10 High blood pressure']);
    expect(card.getByRole('region', { name: 'Procedures codes' })).toHaveTextContent('99213 Meaning of 99213');
    expect(card.getByRole('region', { name: 'Drugs codes' })).toHaveTextContent('00093721401 Meaning of 00093721401');
    expect(card.getAllByText('Source: ICD-10-CM FY2026, as of Oct 1, 2025')).toHaveLength(3);
    // The lists once for the cards, the definitions once for every code; defineMedCode only as a fallback.
    expect(asked).toEqual(['lists', 'definitions']);
    expect(callsTo(DEFINE_MED_CODE_KEY)).toHaveLength(0);
  });

  it('the suggestion cards do not wait for the definitions, and each group shows its skeleton until they arrive', async () => {
    const data = buildMedicalData();
    const held = deferredReply();
    serveMedicalData({ status: 200, body: data }, held.handler);
    renderAiDashboard();
    expect(await region('Symptom Monitoring').findByRole('list', { name: 'Symptom Monitoring suggestions' })).toBeInTheDocument();
    const card = region('Your Medical Data');
    expect(await card.findByRole('heading', { level: 3, name: 'Diagnoses (2)' })).toBeInTheDocument();
    expect(card.getAllByRole('status').map((status) => status.textContent)).toEqual([
      'Loading Diagnoses definitions…',
      'Loading Procedures definitions…',
      'Loading Drugs definitions…',
    ]);
    expect(card.queryByRole('region', { name: 'Diagnoses codes' })).not.toBeInTheDocument();
    held.release({ status: 200, body: withDefinitions(data) });
    expect(await card.findByRole('region', { name: 'Diagnoses codes' })).toBeInTheDocument();
    expect(card.getByRole('region', { name: 'Drugs codes' })).toBeInTheDocument();
    expect(card.queryByRole('status')).not.toBeInTheDocument();
  });

  it('each row expands and collapses by keyboard, showing the explanation, official name and last date', async () => {
    const data = buildMedicalData({ diagnosisCodes: [entry('E11.9', { lastSeen: '2025-02-10' })] });
    serveMedicalData(
      { status: 200, body: data },
      {
        status: 200,
        body: withDefinitions(data, { 'E11.9': definition('E11.9', 'Type 2 diabetes', 'Your body does not use insulin well.') }),
      },
    );
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
    const data = buildMedicalData({ diagnosisCodes: [entry('Z99.999', { display: 'As the claim named it' })] });
    serveMedicalData(
      { status: 200, body: data },
      { status: 200, body: withDefinitions(data, { 'Z99.999': unknownDefinition('Z99.999') }) },
    );
    const user = setupUser();
    renderAiDashboard();
    const diagnoses = await region('Your Medical Data').findByRole('region', { name: 'Diagnoses codes' });
    await user.click(within(diagnoses).getByRole('button', { name: 'Z99.999 As the claim named it' }));
    expect(within(diagnoses).getByText('We could not find the code Z99.999 in our reference data.')).toBeVisible();
    expect(within(diagnoses).queryByText(/Official name/)).not.toBeInTheDocument();
  });

  it('leaves out a code the server could not define; Try again asks defineMedCode for that code alone (the provider failure logged by the server only)', async () => {
    const log = serveErrorLog();
    const data = buildMedicalData();
    serveMedicalData({ status: 200, body: data }, { status: 200, body: withDefinitions(data, { 'E11.9': null }) });
    let asks = 0;
    serveApi({
      [DEFINE_MED_CODE_KEY]: ({ body }) => {
        asks += 1;
        const { code } = body as { code: string };
        if (asks === 1) return { status: 502, body: { code: 'AI.PROVIDER_FAILED', message: 'Bad gateway' } };
        return { status: 200, body: definition(code, 'Type 2 diabetes') };
      },
    });
    const user = setupUser();
    renderAiDashboard();
    const card = region('Your Medical Data');
    const diagnoses = await card.findByRole('region', { name: 'Diagnoses codes' });
    expect(within(diagnoses).getAllByRole('button')).toHaveLength(1);
    expect(within(diagnoses).getByRole('button', { name: 'I10 Meaning of I10' })).toBeInTheDocument();
    expect(card.getByText('We could not explain 1 code right now.')).toBeInTheDocument();
    // The server already logged its failure and the provider just failed: nothing is asked again unbidden.
    expect(callsTo(DEFINE_MED_CODE_KEY)).toHaveLength(0);

    await user.click(card.getByRole('button', { name: 'Try again diagnoses' }));
    await waitFor(() => expect(callsTo(DEFINE_MED_CODE_KEY)).toHaveLength(1));
    expect(await card.findByText('We could not explain 1 code right now.')).toBeInTheDocument();
    // The server wrote OPENAI_MEDICAL_CODE_ERROR for its 502 itself: the page does not log it a second time.
    expect(log).toEqual([]);

    await user.click(card.getByRole('button', { name: 'Try again diagnoses' }));
    expect(await within(diagnoses).findByText('Type 2 diabetes')).toBeInTheDocument();
    expect(card.queryByText('We could not explain 1 code right now.')).not.toBeInTheDocument();
    expect(callsTo(DEFINE_MED_CODE_KEY).map((call) => call.body)).toEqual([
      { code: 'E11.9', codeType: 'diagnosis code' },
      { code: 'E11.9', codeType: 'diagnosis code' },
    ]);
  });

  it('a failed definitions read says so in each group, is logged, and Try again reads them again in one call', async () => {
    const log = serveErrorLog();
    const data = buildMedicalData();
    let reads = 0;
    const asked = serveMedicalData({ status: 200, body: data }, () => {
      reads += 1;
      return reads === 1
        ? { status: 500, body: { code: 'INTERNAL.UNEXPECTED', message: 'Internal server error' } }
        : { status: 200, body: withDefinitions(data) };
    });
    const user = setupUser();
    renderAiDashboard();
    const card = region('Your Medical Data');
    await waitFor(() => expect(card.getAllByText('We could not explain these codes right now.')).toHaveLength(3));
    expect(card.queryByRole('region', { name: 'Diagnoses codes' })).not.toBeInTheDocument();
    await waitFor(() => expect(log.map((item) => item.errorType)).toEqual(['OPENAI_MEDICAL_CODE_ERROR']));
    expect(log[0]?.errorDetails).toMatchObject({ endpoint: '/api/ai/medicalData', status: 500 });
    // The cards are built from the lists, which did not fail.
    expect(region('Procedures').getByRole('list', { name: 'Procedures suggestions' })).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Try again drugs' }));
    expect(await card.findByRole('region', { name: 'Diagnoses codes' })).toBeInTheDocument();
    expect(card.getByRole('region', { name: 'Drugs codes' })).toBeInTheDocument();
    expect(card.queryByText('We could not explain these codes right now.')).not.toBeInTheDocument();
    expect(asked).toEqual(['lists', 'definitions', 'definitions']);
    expect(callsTo(DEFINE_MED_CODE_KEY)).toHaveLength(0);
  });

  it('says so when no code of a group could be explained, and when a group has no codes', async () => {
    const data = buildMedicalData({ drugList: [] });
    serveMedicalData({ status: 200, body: data }, { status: 200, body: withDefinitions(data, { '99213': null }) });
    renderAiDashboard();
    const card = region('Your Medical Data');
    expect(await card.findByText('We could not explain these codes right now.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Try again procedures' })).toBeInTheDocument();
    expect(card.queryByRole('region', { name: 'Procedures codes' })).not.toBeInTheDocument();
    expect(card.getByText('No prescriptions on your records yet.')).toBeInTheDocument();
  });

  it('scrolls each list in a keyboard-focusable region', async () => {
    serveMedicalData({
      status: 200,
      body: buildMedicalData({ diagnosisCodes: Array.from({ length: 12 }, (_, index) => entry(`A0${index}`)) }),
    });
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
