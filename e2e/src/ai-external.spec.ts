import type { Browser, Page } from 'playwright-core';
import { AI_DASHBOARD_CARDS, AI_DASHBOARD_ITEMS, AiTexts, type PatientInfoResponse } from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { startApp, type RunningApp } from './support/app-process';
import { launchBrowser, newPage } from './support/browser';
import { linkInsurer } from './support/linking';

jest.setTimeout(400_000);

// Issue 18, done when: with the adapter pointed at the sandbox (AI_PROVIDER=openai and nothing else: the sandbox's
// OpenAI-compatible partner), the same pages work, and the sandbox saw no name, address, member id or exact date.
// A second product of its own (the suite's app runs the default, offline provider).
const INSURER = 'humana';
const MEMBER = 'member-large';

describe('AI pages with the OpenAI-compatible adapter pointed at the sandbox', () => {
  let app: RunningApp;
  let browser: Browser;
  let member: NewAccount;

  const openAs = async (page: Page, path: string) => {
    await page.goto('/');
    await page.evaluate((token) => localStorage.setItem('userToken', token), member.token);
    await page.goto(path);
  };
  const apiGet = async <T>(route: string): Promise<T> => {
    const res = await fetch(`${app.baseUrl}${route}`, { headers: { authorization: `Bearer ${member.token}` } });
    if (!res.ok) throw new Error(`${route} answered ${res.status}`);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ AI_PROVIDER: 'openai' }), launchBrowser()]);
    member = await signUpTestUser(app.baseUrl);
    const { context, page } = await newPage(browser, 1280, 900, app.baseUrl);
    try {
      await openAs(page, '/');
      await linkInsurer(page, INSURER, MEMBER, 150_000);
    } finally {
      await context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("the AI dashboard's cards answer from the model; what the model received names no one", async () => {
    const received = `${app.sandboxUrl}/ai/_admin/requests`;
    expect((await fetch(received, { method: 'DELETE' })).status).toBe(204);
    const { context, page } = await newPage(browser, 1280, 900, app.baseUrl);
    try {
      await openAs(page, '/app/aiDashboard');
      await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.widget-skeleton').length === 0, undefined, { timeout: 90_000 });
      expect(await page.getByText(AiTexts.failed).count()).toBe(0);
      let answered = 0;
      for (const itemKey of AI_DASHBOARD_ITEMS) {
        const { title } = AI_DASHBOARD_CARDS[itemKey];
        const card = page.getByRole('region', { name: title, exact: true });
        if (!(await card.getByRole('list', { name: `${title} suggestions` }).count())) continue;
        answered += 1;
        // The source line names the model, not the reference data.
        await card.getByText(/^Sources?: .*gpt-4o/).waitFor();
      }
      expect(answered).toBeGreaterThanOrEqual(2);
    } finally {
      await context.close();
    }

    const { requests } = (await (await fetch(received)).json()) as { requests: { body: unknown }[] };
    expect(requests.length).toBeGreaterThan(0);
    // The request bodies the model received (the sandbox's own receivedAt stamps left out).
    const sent = JSON.stringify(requests.map((request) => request.body));
    // What this member's records hold that must never leave: their name and address from the insurer, their account.
    const info = (await apiGet<PatientInfoResponse>('/api/patientInfo')).patientInfoEntry[0]!;
    const personal = [
      info.first_name,
      info.last_name,
      info.street_address,
      info.city,
      info.postal_code,
      info.phone_number,
      member.email,
    ].filter((value): value is string => !!value && value.length > 2);
    expect(personal.length).toBeGreaterThanOrEqual(3);
    for (const value of personal) expect({ value, found: sent.includes(value) }).toEqual({ value, found: false });
    // No exact date (a birthdate, a claim's date): years at most.
    expect(sent.match(/\d{4}-\d{2}-\d{2}/g)).toBeNull();
    expect(sent).not.toContain(member.token);
  });
});
