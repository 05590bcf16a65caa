import type { Browser, Page } from 'playwright-core';
import { STAFF_ONLY_MESSAGE } from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { appUrls, launchBrowser, newPage } from './support/browser';
import { setStaff } from './support/staff';

jest.setTimeout(180_000);

// Issue 19, point 1 (and 18, point 5): the staff tools' routes, and the heading each shows to staff (spec part 2 §2).
const STAFF_PAGES: [string, string][] = [
  ['/errors', 'Error Logs Query'],
  ['/ndcLookup', 'NDC Products Query'],
  ['/ndcProducts', 'NDC Products Query'],
  ['/ndcPackages', 'NDC Packages Query'],
  ['/rxlink', 'Coupon-Service Savings Lookup'],
  // Issue 18, point 5: the AI test pages are staff tools too.
  ['/open-ai', 'AI Test Tools'],
  ['/open-ai/symptomMonitoring', 'AI Test Tools'],
  ['/debug/insurerUptimeCheck', 'Insurer Uptime Check'],
];
// WCAG 1.4.10 at the narrowest phone the product supports.
const PHONE_WIDTH = 360;

async function signIn(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('userToken', token), account.token);
}

describe('staff pages: what a member who is not staff sees', () => {
  let browser: Browser;
  let patient: NewAccount;

  beforeAll(async () => {
    [browser, patient] = await Promise.all([launchBrowser(), signUpTestUser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const asPatient = async (fn: (page: Page) => Promise<void>, width?: number) => {
    const { context, page } = await newPage(browser, width);
    try {
      await signIn(page, patient);
      await fn(page);
    } finally {
      await context.close();
    }
  };

  it.each(STAFF_PAGES)('%s shows a patient the staff-only page, not "%s"', async (path, title) => {
    await asPatient(async (page) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
      await page.getByText(STAFF_ONLY_MESSAGE).waitFor();
      await page.getByText('Ask an administrator to grant you staff access.').waitFor();
      expect(await page.getByRole('heading', { name: title }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  });

  it('the staff-only page leads back to the dashboard, by keyboard, and fits a 360 px phone', async () => {
    await asPatient(async (page) => {
      await page.goto('/errors');
      await page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
      const { scrollWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
      const back = page.getByRole('link', { name: 'Back to the dashboard' });
      await back.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/app/dashboard');
    }, PHONE_WIDTH);
  });

  it("a patient's token gets 403 AUTH.STAFF_ONLY from every staff API", async () => {
    const calls: [string, string, object | undefined][] = [
      ['POST', '/api/errors/query', { query: 'SELECT * FROM errors LIMIT 1' }],
      [
        'POST',
        '/api/coupons/checkSavings',
        { ndcList: ['59417010210'], phoneNumber: '3605550123', zipCode: '98501', pharmacyNPI: '1003000126' },
      ],
      ['GET', '/api/upTimeCheck/history', undefined],
      ['POST', '/api/ai/createChatCompletionWithInstruction', { instructions: 'Define', input: 'E11.9' }],
      ['POST', '/api/ai/createChatCompletion', { messages: [{ role: 'user', content: 'E11.9' }] }],
    ];
    for (const [method, path, body] of calls) {
      const res = await fetch(`${appUrls().baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${patient.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 403,
        body: expect.objectContaining({ code: 'AUTH.STAFF_ONLY', message: STAFF_ONLY_MESSAGE }),
      });
    }
  });

  it('after a staff grant the same account sees each page itself at its next request, and not after a revoke', async () => {
    await setStaff(patient.email, 'grant');
    try {
      for (const [path, title] of STAFF_PAGES) {
        await asPatient(async (page) => {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          expect(await page.getByText(STAFF_ONLY_MESSAGE).count()).toBe(0);
        });
      }
    } finally {
      await setStaff(patient.email, 'revoke');
    }
    await asPatient(async (page) => {
      await page.goto('/errors');
      await page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
    });
  });
});
