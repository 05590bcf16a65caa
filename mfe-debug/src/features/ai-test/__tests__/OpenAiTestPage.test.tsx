import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@healthlink/test-support/render-page';
import { callsTo, deferredReply, serveApi, serveErrorLog, type ApiHandler } from '@healthlink/test-support/api-server';
import { replaceText, setupUser } from '@healthlink/test-support/user';
import { OpenAiTestPage } from '../routes/OpenAiTestPage';
import { buildClaim, buildCompletion, buildItem, buildTipsResponse, claimsPage, failure, KEYS } from './fake-ai-test-api';

const FAILED = 'Failed to fetch response from OpenAI.';

function renderTool(path = '/open-ai', claims: ApiHandler = { status: 200, body: claimsPage([buildClaim('c1')]) }) {
  serveApi({ [KEYS.claims]: claims });
  return renderPage(<OpenAiTestPage />, path, { routePath: path === '/open-ai' ? '/open-ai' : '/open-ai/:query' });
}

const section = (name: string) => within(screen.getByRole('region', { name }));

// A long page of forms; the waits inside are what is tested.
jest.setTimeout(20_000);

describe('/open-ai', () => {
  let log: ReturnType<typeof serveErrorLog>;
  beforeEach(() => {
    log = serveErrorLog();
  });

  it('offers every model with its per-token prices, gpt-4o first chosen, and no usage before a call', async () => {
    renderTool();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Test Tools' })).toBeInTheDocument();
    expect(document.title).toBe('AI Test Tools | CarePath');
    const select = screen.getByRole('combobox', { name: 'Model' });
    expect(select).toHaveValue('gpt-4o');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'gpt-4o ($0.000005 / $0.000015 per token)',
      'gpt-4 ($0.00001 / $0.00003 per token)',
      'gpt-4.5 ($0.00001 / $0.00003 per token)',
      'o3 ($0.000005 / $0.000015 per token)',
      'o4-mini ($0.000003 / $0.00001 per token)',
      'gpt-3.5-turbo ($0.000001 / $0.000002 per token)',
    ]);
    expect(section('Usage of the last call').getByText('No call made yet.')).toBeInTheDocument();
    await section('Claims (EOB)').findByRole('list', { name: 'Visit rows' });
  });

  describe('text completion with instructions', () => {
    it('requires instructions: says so, focuses the field, sends nothing', async () => {
      const user = setupUser();
      renderTool();
      const form = section('Text completion with instructions');
      await user.click(form.getByRole('button', { name: 'Send' }));
      const instructions = form.getByRole('textbox', { name: 'Instructions' });
      expect(form.getByText('Please enter instructions.')).toBeInTheDocument();
      expect(instructions).toHaveAttribute('aria-invalid', 'true');
      expect(instructions).toHaveFocus();
      expect(callsTo(KEYS.withInstruction)).toHaveLength(0);
    });

    it('sends instructions, input and the chosen model; shows the output and the usage of the call', async () => {
      serveApi({ [KEYS.withInstruction]: { status: 200, body: buildCompletion('A copay is a fixed amount.', { model: 'o3' }) } });
      const user = setupUser();
      renderTool();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'o3');
      const form = section('Text completion with instructions');
      await replaceText(user, form.getByRole('textbox', { name: 'Instructions' }), 'Explain simply.');
      await replaceText(user, form.getByRole('textbox', { name: 'Input' }), 'What is a copay?');
      await user.click(form.getByRole('button', { name: 'Send' }));
      expect(await form.findByText('A copay is a fixed amount.')).toBeInTheDocument();
      expect(callsTo(KEYS.withInstruction)[0]?.body).toEqual({ instructions: 'Explain simply.', input: 'What is a copay?', model: 'o3' });
      expect(form.getByText('Sources: gpt-4o (openai)')).toBeInTheDocument();
      const usage = section('Usage of the last call');
      const facts = Object.fromEntries(usage.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
      expect(facts).toEqual({ Model: 'o3', 'Input tokens': '1,200', 'Output tokens': '300', 'Total tokens': '1,500', Cost: '$0.0105' });
    });

    it('a failed call shows the AI failure text and is logged as OPENAI_FETCH_ERROR', async () => {
      serveApi({ [KEYS.withInstruction]: failure(502) });
      const user = setupUser();
      renderTool();
      const form = section('Text completion with instructions');
      await replaceText(user, form.getByRole('textbox', { name: 'Instructions' }), 'Explain.');
      await user.click(form.getByRole('button', { name: 'Send' }));
      expect(await form.findByText(FAILED)).toBeInTheDocument();
      await waitFor(() => expect(log).toHaveLength(1));
      expect(log[0]).toMatchObject({
        errorType: 'OPENAI_FETCH_ERROR',
        errorDetails: { endpoint: '/api/ai/createChatCompletionWithInstruction', status: 502 },
      });
      expect(section('Usage of the last call').getByText('No call made yet.')).toBeInTheDocument();
    });

    it("the provider's failure shows the AI failure text and is not logged again: the server logged it", async () => {
      serveApi({ [KEYS.withInstruction]: failure(502, 'AI.PROVIDER_FAILED', 'The AI provider failed') });
      const user = setupUser();
      renderTool();
      const form = section('Text completion with instructions');
      await replaceText(user, form.getByRole('textbox', { name: 'Instructions' }), 'Explain.');
      await user.click(form.getByRole('button', { name: 'Send' }));
      expect(await form.findByText(FAILED)).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(log).toEqual([]);
    });

    it('a refused input shows the server reasons (field and message) and is not logged as a failure', async () => {
      serveApi({
        [KEYS.withInstruction]: {
          status: 400,
          body: {
            code: 'AI.VALIDATION',
            message: 'The request is not valid.',
            errors: [{ field: 'input', message: 'input must be at most 20,000 characters' }],
          },
        },
      });
      const user = setupUser();
      renderTool();
      const form = section('Text completion with instructions');
      await replaceText(user, form.getByRole('textbox', { name: 'Instructions' }), 'Explain.');
      await user.click(form.getByRole('button', { name: 'Send' }));
      expect(await form.findByText('Error: The request is not valid.')).toBeInTheDocument();
      expect(form.getByText('input: input must be at most 20,000 characters')).toBeInTheDocument();
      expect(form.queryByText(FAILED)).not.toBeInTheDocument();
      expect(log).toHaveLength(0);
    });

    it('a 403 AUTH.STAFF_ONLY (role revoked since the page loaded) shows the staff-only page', async () => {
      serveApi({ [KEYS.withInstruction]: failure(403, 'AUTH.STAFF_ONLY', 'This page is for staff only.') });
      const user = setupUser();
      renderTool();
      const form = section('Text completion with instructions');
      await replaceText(user, form.getByRole('textbox', { name: 'Instructions' }), 'Explain.');
      await user.click(form.getByRole('button', { name: 'Send' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Staff only' })).toBeInTheDocument();
      expect(screen.getByText('This page is for staff only.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'AI Test Tools' })).not.toBeInTheDocument();
      expect(log).toHaveLength(0);
    });
  });

  describe('chat completion', () => {
    it('needs one message with text; sends the messages with their roles and the model', async () => {
      serveApi({ [KEYS.chat]: { status: 200, body: buildCompletion('Hello, how can I help?') } });
      const user = setupUser();
      renderTool();
      const form = section('Chat completion');
      await user.click(form.getByRole('button', { name: 'Send' }));
      expect(form.getByText('Please enter at least one message.')).toBeInTheDocument();
      expect(form.getByRole('textbox', { name: 'Message 1' })).toHaveFocus();
      expect(callsTo(KEYS.chat)).toHaveLength(0);

      await replaceText(user, form.getByRole('textbox', { name: 'Message 1' }), 'You are kind.');
      await replaceText(user, form.getByRole('textbox', { name: 'Message 2' }), 'Hi');
      await user.click(form.getByRole('button', { name: 'Add message' }));
      await user.selectOptions(form.getByRole('combobox', { name: 'Role of message 3' }), 'assistant');
      await replaceText(user, form.getByRole('textbox', { name: 'Message 3' }), 'Hello!');
      await user.click(form.getByRole('button', { name: 'Remove message 2' }));
      await user.click(form.getByRole('button', { name: 'Send' }));
      expect(await form.findByText('Hello, how can I help?')).toBeInTheDocument();
      expect(callsTo(KEYS.chat)[0]?.body).toEqual({
        messages: [
          { role: 'system', content: 'You are kind.' },
          { role: 'assistant', content: 'Hello!' },
        ],
        model: 'gpt-4o',
      });
    });

    it('a failed chat is logged as OPENAI_CHAT_EXCEPTION when the server cannot be reached', async () => {
      serveApi({ [KEYS.chat]: 'network-error' });
      const user = setupUser();
      renderTool();
      const form = section('Chat completion');
      await replaceText(user, form.getByRole('textbox', { name: 'Message 2' }), 'Hi');
      await user.click(form.getByRole('button', { name: 'Send' }));
      expect(await form.findByText(FAILED)).toBeInTheDocument();
      await waitFor(() => expect(log.map((entry) => entry.errorType)).toEqual(['OPENAI_CHAT_EXCEPTION']));
    });
  });

  describe('AI tips', () => {
    it('shows the tips of the staff member own claims; a failure shows the AI failure text and is logged', async () => {
      let asks = 0;
      serveApi({ [KEYS.tips]: () => ((asks += 1) === 1 ? { status: 200, body: buildTipsResponse() } : failure(500)) });
      const user = setupUser();
      renderTool();
      const tips = section('AI tips');
      await user.click(tips.getByRole('button', { name: 'Get AI Tips' }));
      const list = await tips.findByRole('list', { name: 'AI tips' });
      expect(within(list).getByRole('heading', { level: 3, name: 'Walk daily' })).toBeInTheDocument();
      expect(tips.getByText('It helps your heart.')).toBeInTheDocument();
      expect(tips.getByText('Tips from your claims.')).toBeInTheDocument();
      expect(tips.getByText('Stay well.')).toBeInTheDocument();
      expect(callsTo(KEYS.tips)[0]?.body).toBeUndefined();

      await user.click(tips.getByRole('button', { name: 'Get AI Tips' }));
      expect(await tips.findByText(FAILED)).toBeInTheDocument();
      await waitFor(() => expect(log.map((entry) => entry.errorType)).toEqual(['MEDICAL_TIPS_FETCH_ERROR']));
    });
  });

  describe('claim cards', () => {
    it('makes each of the staff member own claims an editable visit row, with Load more, remove and add', async () => {
      const user = setupUser();
      let reads = 0;
      renderTool('/open-ai', ({ path }) => {
        void path;
        reads += 1;
        return reads === 1
          ? { status: 200, body: claimsPage([buildClaim('c1'), buildClaim('c2', { date: '2024-12-01', payment_amount: null })], 'next') }
          : { status: 200, body: claimsPage([buildClaim('c3', { date: '2024-06-01' })]) };
      });
      const claims = section('Claims (EOB)');
      const rows = await claims.findByRole('list', { name: 'Visit rows' });
      expect(
        within(rows)
          .getAllByRole('group')
          .map((group) => group.querySelector('legend')?.textContent),
      ).toEqual(['Visit 1: 2025-02-10', 'Visit 2: 2024-12-01']);
      const first = within(within(rows).getAllByRole('group')[0] as HTMLElement);
      expect(first.getByRole('textbox', { name: 'Date (visit 1)' })).toHaveValue('2025-02-10');
      expect(first.getByRole('textbox', { name: 'Provider (visit 1)' })).toHaveValue('Dr. Lee');
      expect(first.getByRole('textbox', { name: 'Procedure codes (visit 1)' })).toHaveValue('99213');
      expect(first.getByRole('textbox', { name: 'Diagnosis codes (visit 1)' })).toHaveValue('E11.9');
      expect(first.getByRole('textbox', { name: 'Insurer paid (visit 1)' })).toHaveValue('120.50');
      expect(first.getByRole('textbox', { name: 'Patient paid (visit 1)' })).toHaveValue('');
      expect(first.getByRole('textbox', { name: 'Total pay (visit 1)' })).toHaveValue('');
      expect(screen.getByRole('textbox', { name: 'Insurer paid (visit 2)' })).toHaveValue('');
      // The EOB read of the health history: the caller's own claims, by pages.
      expect(callsTo(KEYS.claims)).toHaveLength(1);

      await user.click(claims.getByRole('button', { name: 'Load more claims' }));
      expect(await claims.findByRole('textbox', { name: 'Date (visit 3)' })).toHaveValue('2024-06-01');
      expect(claims.queryByRole('button', { name: 'Load more claims' })).not.toBeInTheDocument();

      await replaceText(user, first.getByRole('textbox', { name: 'Patient paid (visit 1)' }), '20.00');
      await user.click(claims.getByRole('button', { name: 'Remove visit 2' }));
      expect(claims.getByRole('textbox', { name: 'Date (visit 2)' })).toHaveValue('2024-06-01');
      await user.click(claims.getByRole('button', { name: 'Add visit' }));
      await replaceText(user, claims.getByRole('textbox', { name: 'Date (visit 3)' }), '2023-01-02');

      // The rows as edited are what the tester sends for Visits.
      const tester = section('Prompt tester');
      await user.click(tester.getByRole('checkbox', { name: 'Visits' }));
      await user.click(tester.getByText('Input that will be sent'));
      const preview = tester.getByText(/^Visits:/);
      expect(preview.textContent).toBe(
        [
          'Visits:',
          '- 2025-02-10; provider: Dr. Lee; procedures: 99213; diagnoses: E11.9; insurer paid: 120.50; patient paid: 20.00',
          '- 2024-06-01; provider: Dr. Lee; procedures: 99213; diagnoses: E11.9; insurer paid: 120.50',
          '- 2023-01-02',
        ].join('\n'),
      );
    });

    it('says so when the claims cannot be read, and reads them again on Try again', async () => {
      let reads = 0;
      const user = setupUser();
      renderTool('/open-ai', () =>
        (reads += 1) === 1 ? failure(500, 'INTERNAL.UNEXPECTED', 'Boom') : { status: 200, body: claimsPage([]) },
      );
      const claims = section('Claims (EOB)');
      expect(await claims.findByText('Could not load your claims.')).toBeInTheDocument();
      await user.click(claims.getByRole('button', { name: 'Try again' }));
      expect(await claims.findByText('Your account has no claims. Add visit rows by hand.')).toBeInTheDocument();
    });
  });

  describe('prompt tester', () => {
    it('requires instructions, then at least one ticked field, with the spec texts; sends nothing until then', async () => {
      const user = setupUser();
      renderTool();
      const tester = section('Prompt tester');
      await user.click(tester.getByRole('button', { name: 'Send' }));
      expect(tester.getByText('Please enter instructions.')).toBeInTheDocument();
      expect(tester.getByRole('textbox', { name: 'Instructions' })).toHaveFocus();

      await replaceText(user, tester.getByRole('textbox', { name: 'Instructions' }), 'List symptoms.');
      await user.click(tester.getByRole('button', { name: 'Send' }));
      expect(tester.getByText('Please select at least one field to include in the request.')).toBeInTheDocument();
      expect(tester.queryByText('Please enter instructions.')).not.toBeInTheDocument();
      expect(tester.getByRole('checkbox', { name: 'Drugs' })).toHaveFocus();
      expect(tester.getByRole('group', { name: 'Include in the request' })).toHaveAccessibleDescription(
        'Please select at least one field to include in the request.',
      );
      expect(callsTo(KEYS.item)).toHaveLength(0);
    });

    it('drops drug lines that are not "YYYY-MM-DD - NDC", says how many, and sends aiDashboardItem with the input', async () => {
      serveApi({ [KEYS.item]: { status: 200, body: buildItem() } });
      const user = setupUser();
      renderTool();
      const tester = section('Prompt tester');
      await user.selectOptions(tester.getByRole('combobox', { name: 'Dashboard card' }), 'recommendedTests');
      await replaceText(user, tester.getByRole('textbox', { name: 'Instructions' }), 'List tests.');
      // By keyboard: Tab to the tick boxes, Space ticks.
      tester.getByRole('checkbox', { name: 'Drugs' }).focus();
      await user.keyboard(' ');
      await user.tab();
      await user.keyboard(' ');
      expect(tester.getByRole('checkbox', { name: 'Diagnoses' })).toBeChecked();
      await replaceText(
        user,
        tester.getByRole('textbox', { name: 'Drugs, one per line: YYYY-MM-DD - NDC' }),
        '2024-03-05 - 00093721401\nmetformin 500\n2024-13 - 1',
      );
      expect(tester.getByText('2 drug lines are not "YYYY-MM-DD - NDC" and will be dropped.')).toBeInTheDocument();
      await replaceText(user, tester.getByRole('textbox', { name: 'Diagnosis codes, comma separated' }), 'E11.9, I10, E11.9');
      await replaceText(user, tester.getByRole('textbox', { name: 'Procedure codes, comma separated' }), '99213');
      await user.click(tester.getByRole('button', { name: 'Send' }));

      const suggestions = await tester.findByRole('list', { name: 'Suggestions' });
      expect(within(suggestions).getByRole('heading', { level: 3, name: 'Blurred vision' })).toBeInTheDocument();
      expect(tester.getByText('Sources: ICD-10-CM FY2026 (offline, 2025-10-01)')).toBeInTheDocument();
      expect(callsTo(KEYS.item)[0]?.body).toEqual({
        itemKey: 'recommendedTests',
        instructions: 'List tests.',
        input: 'Diagnoses: E11.9, I10\n\nMedications (prescribed date - NDC):\n2024-03-05 - 00093721401',
        requiredFields: ['drugList', 'diagnosisCodes'],
        model: 'gpt-4o',
      });
      expect(section('Usage of the last call').getByText('$0.00')).toBeInTheDocument();
    });

    it('fills its code lists from the claim rows', async () => {
      const user = setupUser();
      renderTool('/open-ai', {
        status: 200,
        body: claimsPage([
          buildClaim('c1'),
          buildClaim('c2', { diagnoses: [{ id: 'x', diagnosis_code: 'I10', diagnosis_display: null }] }),
        ]),
      });
      await section('Claims (EOB)').findByRole('list', { name: 'Visit rows' });
      const tester = section('Prompt tester');
      await user.click(tester.getByRole('button', { name: 'Fill codes from the claims' }));
      expect(tester.getByRole('textbox', { name: 'Diagnosis codes, comma separated' })).toHaveValue('E11.9, I10');
      expect(tester.getByRole('textbox', { name: 'Procedure codes, comma separated' })).toHaveValue('99213');
    });

    it('a failed call shows the AI failure text and is logged as OPENAI_DASHBOARD_ITEM_ERROR', async () => {
      serveApi({ [KEYS.item]: failure(502) });
      const user = setupUser();
      renderTool('/open-ai/symptomMonitoring');
      const tester = section('Prompt tester');
      await user.click(tester.getByRole('button', { name: 'Send' }));
      expect(await tester.findByText(FAILED)).toBeInTheDocument();
      await waitFor(() => expect(log.map((entry) => entry.errorType)).toEqual(['OPENAI_DASHBOARD_ITEM_ERROR']));
    });

    it('shows "Sending…" while the call runs and takes no second press', async () => {
      const reply = deferredReply();
      serveApi({ [KEYS.item]: reply.handler });
      const user = setupUser();
      renderTool('/open-ai/procedures');
      const tester = section('Prompt tester');
      await user.click(tester.getByRole('button', { name: 'Send' }));
      const sending = await tester.findByRole('button', { name: 'Sending…' });
      await user.click(sending);
      reply.release({ status: 200, body: buildItem() });
      await tester.findByRole('list', { name: 'Suggestions' });
      expect(callsTo(KEYS.item)).toHaveLength(1);
    });
  });

  describe('pre-population by /open-ai/{query}', () => {
    it('a card key fills its instructions, card and ticks; the preset links say which is current', async () => {
      renderTool('/open-ai/recommendedTests');
      const tester = section('Prompt tester');
      expect(tester.getByRole('combobox', { name: 'Dashboard card' })).toHaveValue('recommendedTests');
      expect((tester.getByRole('textbox', { name: 'Instructions' }) as HTMLTextAreaElement).value).toContain('up to 5 tests');
      expect(tester.getByRole('checkbox', { name: 'Diagnoses' })).toBeChecked();
      expect(tester.getByRole('checkbox', { name: 'Drugs' })).not.toBeChecked();
      const presets = within(screen.getByRole('navigation', { name: 'Prompt tester presets' }));
      expect(presets.getByRole('link', { name: 'Recommended Tests' })).toHaveAttribute('aria-current', 'page');
      expect(presets.getByRole('link', { name: 'Procedures' })).toHaveAttribute('href', '/open-ai/procedures');
      await section('Claims (EOB)').findByRole('list', { name: 'Visit rows' });
    });

    it('any other query starts empty and says there is no such preset', async () => {
      renderTool('/open-ai/what-is-a-copay');
      const tester = section('Prompt tester');
      expect(
        tester.getByText('No preset is named \u201cwhat-is-a-copay\u201d: the form starts empty. Choose a preset below.'),
      ).toBeInTheDocument();
      expect(tester.getByRole('textbox', { name: 'Instructions' })).toHaveValue('');
      expect(tester.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0);
      await section('Claims (EOB)').findByRole('list', { name: 'Visit rows' });
    });
  });
});
