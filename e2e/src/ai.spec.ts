import type { Browser, Page, Request } from 'playwright-core';
import {
  AI_DASHBOARD_CARDS,
  AI_DASHBOARD_ITEMS,
  AI_PATHS,
  AiTexts,
  AuthErrorCode,
  STAFF_ONLY_MESSAGE,
  type InsurerKey,
  type MedicalDataResponse,
} from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { appUrls, launchBrowser, newPage } from './support/browser';
import { apiGet, linkInsurer } from './support/linking';
import { setStaff } from './support/staff';

jest.setTimeout(300_000);

// Issue 18: with no AI configured (the offline provider), a member's AI pages answer from the reference data and
// their own claims, and nothing leaves the machine. Humana's member-large has five years of claims and drugs.
const INSURER: InsurerKey = 'humana';
const MEMBER = 'member-large';
const CODE_GROUPS = ['Diagnoses', 'Procedures', 'Drugs'] as const;
// WCAG 1.4.10 at the narrowest phone the product supports.
const PHONE_WIDTH = 360;

/** A session as the shell keeps it: the token in localStorage, then the page. */
async function openAs(page: Page, account: NewAccount, path: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('userToken', token), account.token);
  await page.goto(path);
}

/** Every section has settled: its rows, its empty state or its failure are shown (no loading skeleton left). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.widget-skeleton').length === 0, undefined, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/** Every request the page makes from now on (documents, scripts, API calls, images), in order. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** The requests that went anywhere but the product's own origin (a data: or blob: URL never leaves the browser). */
function leftTheOrigin(requests: readonly Request[]): string[] {
  const own = new URL(appUrls().baseUrl).origin;
  return requests
    .map((request) => request.url())
    .filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== own);
}

const sandboxAi = (route: string) => `${appUrls().sandboxUrl}/ai/_admin/${route}`;

async function clearSandboxAiRequests(): Promise<void> {
  const res = await fetch(sandboxAi('requests'), { method: 'DELETE' });
  expect(res.status).toBe(204);
}

async function sandboxAiRequests(): Promise<unknown[]> {
  const res = await fetch(sandboxAi('requests'));
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: unknown[] }).requests;
}

async function postAs(account: NewAccount, route: string, body: unknown): Promise<{ status: number; body: { code?: string } }> {
  const res = await fetch(`${appUrls().baseUrl}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

describe('AI pages with no AI configured: grounded, private answers', () => {
  let browser: Browser;
  let member: NewAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    member = await signUpTestUser();
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('userToken', t), member.token);
      await linkInsurer(page, INSURER, MEMBER, 120_000);
    } finally {
      await context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the AI dashboard shows grounded suggestions and defined codes, and no request leaves the machine', async () => {
    await clearSandboxAiRequests();
    const { context, page } = await newPage(browser);
    const requests = recordRequests(page);
    try {
      await openAs(page, member, '/app/aiDashboard');
      await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
      await settled(page);
      expect(await page.getByText(AiTexts.failed).count()).toBe(0);

      // The suggestion cards, as this member's data allows: each lists suggestions (up to its limit) with the line
      // naming its source; a card whose data lists are empty is not shown, nor its sidebar anchor (part 2 §2).
      let cardsWithSuggestions = 0;
      for (const itemKey of AI_DASHBOARD_ITEMS) {
        const { title, limit } = AI_DASHBOARD_CARDS[itemKey];
        const card = page.getByRole('region', { name: title, exact: true });
        if (!(await card.count())) {
          expect(await page.getByRole('navigation', { name: 'AI dashboard' }).getByRole('link', { name: title }).count()).toBe(0);
          continue;
        }
        const list = card.getByRole('list', { name: `${title} suggestions` });
        await list.waitFor();
        cardsWithSuggestions += 1;
        const items = await list.getByRole('listitem').count();
        expect(items).toBeGreaterThan(0);
        expect(items).toBeLessThanOrEqual(limit);
        expect(await list.getByRole('listitem').first().getByRole('heading', { level: 3 }).textContent()).not.toBe('');
        expect(await card.getByText(/^Sources?: \S/).count()).toBe(1);
      }
      // Five years of claims carry diagnoses: at least Symptom Monitoring and Recommended Tests answer.
      expect(cardsWithSuggestions).toBeGreaterThanOrEqual(2);

      // Your Medical Data: each group as the member's codes and their definitions (one call) have it.
      const data = await apiGet<MedicalDataResponse>(member.token, `${AI_PATHS.medicalData}?definitions=true`);
      expect(data.diagnosisCodes.length).toBeGreaterThan(0);
      const yourData = page.getByRole('region', { name: 'Your Medical Data' });
      const lists = { Diagnoses: data.diagnosisCodes, Procedures: data.procedureCodes, Drugs: data.drugList };
      for (const group of CODE_GROUPS) {
        const entries = lists[group];
        await yourData.getByRole('heading', { level: 3, name: `${group} (${entries.length})` }).waitFor();
        const defined = entries.filter((entry) => entry.definition);
        const rows = yourData.getByRole('region', { name: `${group} codes` }).getByRole('button');
        expect(await rows.count()).toBe(defined.length);
        if (defined.length) {
          expect(await rows.first().textContent()).toContain(defined[0]!.code);
          // Part 2 §9: the list scrolls at 250px.
          const box = await yourData
            .getByRole('region', { name: `${group} codes` })
            .evaluate((el) => ({ maxHeight: getComputedStyle(el).maxHeight, height: el.clientHeight }));
          expect(box.maxHeight).toBe('250px');
          expect(box.height).toBeLessThanOrEqual(250);
        }
      }

      // A row expands to its explanation and the code's official name.
      const row = yourData.getByRole('region', { name: 'Diagnoses codes' }).getByRole('button').first();
      expect(await row.getAttribute('aria-expanded')).toBe('false');
      await row.click();
      expect(await row.getAttribute('aria-expanded')).toBe('true');
      const panel = page.locator(`#${await row.getAttribute('aria-controls')}`);
      await panel.waitFor({ state: 'visible' });
      const first = data.diagnosisCodes.find((entry) => entry.definition)!.definition!;
      if (first.known) {
        await panel.getByText(first.explanation).waitFor();
        await panel.getByText(`Official name: ${first.officialName}`).waitFor();
      } else {
        await panel.getByText(AiTexts.unknownCode(data.diagnosisCodes[0]!.code)).waitFor();
      }
      await yourData
        .getByText(/^Sources?: .*ICD-10-CM/)
        .first()
        .waitFor();

      // Every code defined by one call, not one call per code.
      const apiCalls = requests.map((request) => new URL(request.url())).filter((url) => url.pathname.startsWith('/api/ai/'));
      expect(apiCalls.filter((url) => url.pathname === AI_PATHS.medicalData && url.search === '?definitions=true')).toHaveLength(1);
      expect(apiCalls.filter((url) => url.pathname === AI_PATHS.defineMedCode)).toHaveLength(0);

      // Nothing left the machine: every request went to the product's own origin, and the AI partner heard nothing.
      expect(requests.length).toBeGreaterThan(0);
      expect(leftTheOrigin(requests)).toEqual([]);
      expect(await sandboxAiRequests()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the dashboard's Medical Tips section shows tips from the member's claims", async () => {
    const { context, page } = await newPage(browser);
    const requests = recordRequests(page);
    try {
      await openAs(page, member, '/app/dashboard');
      const tips = page.getByRole('region', { name: 'Medical Tips' });
      const list = tips.getByRole('list', { name: 'Medical tips' });
      await list.waitFor({ timeout: 60_000 });
      expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await tips.getByText(/^Sources?: \S/).count()).toBe(1);
      expect(leftTheOrigin(requests)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a patient gets 403 from the completion APIs, and /open-ai shows the staff-only page', async () => {
    const withInstruction = await postAs(member, AI_PATHS.createChatCompletionWithInstruction, {
      instructions: 'Explain the codes.',
      input: 'E11.9',
    });
    expect(withInstruction).toEqual({ status: 403, body: expect.objectContaining({ code: AuthErrorCode.StaffOnly }) });
    const chat = await postAs(member, AI_PATHS.createChatCompletion, { messages: [{ role: 'user', content: 'What is E11.9?' }] });
    expect(chat).toEqual({ status: 403, body: expect.objectContaining({ code: AuthErrorCode.StaffOnly }) });

    const { context, page } = await newPage(browser);
    try {
      await openAs(page, member, '/open-ai');
      await page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
      await page.getByText(STAFF_ONLY_MESSAGE).waitFor();
      expect(await page.getByRole('heading', { name: 'AI Test Tools' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('staff on /open-ai: the validation texts, a completion from the offline provider, and the usage of the last call', async () => {
    const staff = await signUpTestUser();
    await setStaff(staff.email, 'grant');
    await clearSandboxAiRequests();
    const { context, page } = await newPage(browser);
    const requests = recordRequests(page);
    try {
      await openAs(page, staff, '/open-ai');
      await page.getByRole('heading', { level: 1, name: 'AI Test Tools' }).waitFor();
      const usage = page.getByRole('region', { name: 'Usage of the last call' });
      await usage.getByText('No call made yet.').waitFor();

      // The completion with instructions: instructions are required, then the offline provider answers.
      const completion = page.getByRole('region', { name: 'Text completion with instructions' });
      await completion.getByRole('button', { name: 'Send' }).click();
      await completion.getByText(AiTexts.instructionsRequired).waitFor();
      await completion.getByRole('textbox', { name: 'Instructions' }).fill('Explain these codes in plain words.');
      await completion.getByRole('textbox', { name: 'Input', exact: true }).fill('Diagnoses E11.9 and I10.');
      await completion.getByRole('button', { name: 'Send' }).click();
      await completion.getByRole('heading', { level: 3, name: 'Output' }).waitFor();
      await completion.getByText(/The offline provider runs no language model/).waitFor();
      expect(await completion.getByText(/- E11\.9: /).count()).toBe(1);
      await completion.getByText(/^Sources: .*\(offline/).waitFor();
      expect(await completion.getByText(AiTexts.instructionsRequired).count()).toBe(0);

      // The usage panel shows that call: the offline provider sends no tokens to a model, at no cost.
      await usage.getByText('Total tokens').waitFor();
      const usageText = (await usage.textContent()) ?? '';
      expect(usageText).toContain('Modelgpt-4o');
      expect(usageText).toContain('Total tokens0');
      expect(usageText).toContain('Cost$0.00');

      // The prompt tester: instructions first, then at least one field to include.
      const tester = page.getByRole('region', { name: 'Prompt tester' });
      await tester.getByRole('button', { name: 'Send' }).click();
      await tester.getByText(AiTexts.instructionsRequired).waitFor();
      await tester.getByRole('textbox', { name: 'Instructions' }).fill('List symptoms to watch for.');
      await tester.getByRole('button', { name: 'Send' }).click();
      await tester.getByText(AiTexts.selectAtLeastOneField).waitFor();
      expect(await tester.getByText(AiTexts.instructionsRequired).count()).toBe(0);
      await tester.getByRole('checkbox', { name: 'Diagnoses' }).check();
      await tester.getByRole('textbox', { name: 'Diagnosis codes, comma separated' }).fill('E11.9, I10');
      await tester.getByRole('button', { name: 'Send' }).click();
      await tester.getByRole('list', { name: 'Suggestions' }).or(tester.getByText('The answer held no suggestions.')).first().waitFor();
      expect(await tester.getByText(AiTexts.selectAtLeastOneField).count()).toBe(0);
      expect(await page.getByText(AiTexts.failed).count()).toBe(0);

      expect(leftTheOrigin(requests)).toEqual([]);
      expect(await sandboxAiRequests()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/app/aiDashboard does not scroll sideways at 360px, with a row open', async () => {
    const { context, page } = await newPage(browser, PHONE_WIDTH, 800);
    try {
      await openAs(page, member, '/app/aiDashboard');
      await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
      await settled(page);
      await page.getByRole('region', { name: 'Diagnoses codes' }).getByRole('button').first().click();
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(clientWidth).toBeLessThanOrEqual(PHONE_WIDTH);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    } finally {
      await context.close();
    }
  });
});
