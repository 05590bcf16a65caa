import type { Browser, Page } from 'playwright-core';
import {
  CLINICAL_TRIALS_RETRIEVE_PATH,
  clinicalTrialRegistryUrl,
  type ClinicalTrialsResult,
  type PollingEventCreatedResponse,
  type PollingEventResponse,
} from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { appUrls, launchBrowser, newPage } from './support/browser';
import { apiGet, linkInsurer } from './support/linking';

jest.setTimeout(300_000);

// Bethesda, MD: many registry sites lie within the default 100 miles.
const ZIP = '20814';

async function signIn(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('userToken', token), account.token);
}

/** The member's matched trials, as the web gets them: start the search, poll its event to the end. */
async function retrieveTrials(token: string): Promise<PollingEventResponse<ClinicalTrialsResult>> {
  const { pollingEventID } = await apiGet<PollingEventCreatedResponse>(token, CLINICAL_TRIALS_RETRIEVE_PATH);
  for (;;) {
    const event = await apiGet<PollingEventResponse<ClinicalTrialsResult>>(token, `/api/pollingEvent/${pollingEventID}`);
    if (event.status !== 'pending') return event;
    await new Promise((resolve) => setTimeout(resolve, event.pollInterval));
  }
}

describe('clinical trials: dashboard widget, list with Load more, detail page', () => {
  let browser: Browser;
  let account: NewAccount;
  let trials: ClinicalTrialsResult;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await signUpTestUser();
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, account);
      await linkInsurer(page, 'uhcSandbox', 'member-large');
    } finally {
      await context.close();
    }
    const res = await fetch(`${appUrls().baseUrl}/api/updateUserProfile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ postal_code: ZIP }),
    });
    expect(res.status).toBe(200);
    const event = await retrieveTrials(account.token);
    expect(event.status).toBe('complete');
    trials = event.response!;
    // Load more needs more than one page.
    expect(trials.trials.length).toBeGreaterThan(5);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const withPage = async (fn: (page: Page) => Promise<void>) => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, account);
      await fn(page);
    } finally {
      await context.close();
    }
  };

  it('the dashboard shows up to 3 recruiting trials with why each matched, and links to the list', async () => {
    await withPage(async (page) => {
      await page.goto('/app/dashboard');
      const list = page.getByRole('region', { name: 'Clinical Trials' }).getByRole('list', { name: 'Matched clinical trials' });
      await list.getByRole('article').first().waitFor({ timeout: 60_000 });
      const count = await list.getByRole('article').count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(3);
      const first = trials.trials[0]!;
      await list.getByRole('article', { name: first.briefTitle }).waitFor();
      await page.getByRole('button', { name: `Why this trial for ${first.briefTitle}` }).click();
      await page.getByText(first.matchReasons[0]!.text).first().waitFor();
      await page
        .getByText(/^Study data as of /)
        .first()
        .waitFor();
      await page.getByRole('link', { name: 'See all Clinical Trials' }).click();
      await page.waitForURL((url) => url.pathname === '/clinicalTrials');
    });
  });

  it('/clinicalTrials: 5, Load more adds 5, recruiting first; a detail page with every section and View Full Trial', async () => {
    await withPage(async (page) => {
      await page.goto('/clinicalTrials');
      await page.getByRole('heading', { level: 1, name: 'Clinical Trials' }).waitFor();
      const articles = page.getByRole('main').getByRole('article');
      await articles.nth(4).waitFor({ timeout: 60_000 });
      expect(await articles.count()).toBe(5);
      await page.getByRole('button', { name: 'Load more' }).click();
      await articles.nth(Math.min(10, trials.trials.length) - 1).waitFor();
      expect(await articles.count()).toBe(Math.min(10, trials.trials.length));

      const statuses = trials.trials.map((trial) => trial.overallStatus);
      const firstClosed = statuses.findIndex((status) => status !== 'RECRUITING' && status !== 'NOT_YET_RECRUITING');
      if (firstClosed >= 0) expect(statuses.slice(firstClosed).every((s) => s !== 'RECRUITING')).toBe(true);

      const first = trials.trials[0]!;
      await page
        .getByRole('link', { name: `View details of ${first.briefTitle}` })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === '/clinicalTrialsMore' && url.searchParams.get('nctId') === first.nctId);
      for (const section of ['Overview', 'Dates', 'Brief summary', 'Eligibility', 'Intervention', 'Primary outcome']) {
        await page.getByRole('region', { name: section }).waitFor();
      }
      const fullTrial = page.getByRole('link', { name: 'View Full Trial (opens ClinicalTrials.gov in a new tab)' });
      expect(await fullTrial.count()).toBe(2);
      expect(await fullTrial.first().getAttribute('href')).toBe(clinicalTrialRegistryUrl(first.nctId));
      expect(await fullTrial.first().getAttribute('target')).toBe('_blank');
      expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(2);
    });
  });
});
