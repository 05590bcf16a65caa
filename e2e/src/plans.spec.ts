import type { Browser, Locator, Page } from 'playwright-core';
import {
  PLAN_COLUMN,
  PLAN_RANKS_DASHBOARD_COUNT,
  PLAN_RANKS_PAGE_SIZE,
  PlanTexts,
  splitBidId,
  type PlanRankRow,
  type PlanRanksResult,
} from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';
import { linkInsurer } from './support/linking';
import { apiPut, rankedRows, retrievePlanRanks, sampleDoctorIn, waitForCrmLeads } from './support/plans';

jest.setTimeout(300_000);

// Tampa (Hillsborough County, FL): well over 20 plans, for when the generated member's own county has too few.
const BIG_COUNTY_ZIP = '33602';
const PHONE_WIDTH = 360;
// Laramie, WY: the address the member with none types into the contact form.
const LARAMIE = { street: '1000 E University Ave', city: 'Laramie', state: 'WY', zip: '82070' };

// The screens' own names (mfe-dashboard/src/features/plans/lib/plan-texts.ts).
const TITLE = 'Medicare Options';
const PROGRESS_LABEL = 'Ranking the Medicare plans in your county';
const LIST_LABEL = 'Medicare plans ranked by estimated yearly cost';
const CONTACT_TITLE = 'Tell us where you live';

const nameOf = (row: PlanRankRow) => row.columns[PLAN_COLUMN.planName]!;
const carrierOf = (row: PlanRankRow) => row.columns[PLAN_COLUMN.carrier]!;
/** A money column as the page shows it: zero reads "$0", everything else as the column gives it ("$1,234.56"). */
const shownMoney = (value: string) => (/^-?\$0\.00$/.test(value) ? '$0' : value);
/** A county with its kind: the Census name as it is ("Albany County", "Orleans Parish"), "County" added to a bare one. */
const countyName = (county: string) =>
  / (County|Parish|Borough|Census Area|Municipality|Municipio|city)$/.test(county) ? county : `${county} County`;
/** "2026-01-15" -> "Jan 15, 2026", the web's date format. */
const shownDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

async function signIn(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('userToken', token), account.token);
}

async function completeRanking(token: string): Promise<PlanRanksResult> {
  const event = await retrievePlanRanks(token);
  if (event.status !== 'complete') throw new Error(`the plan ranking ended ${event.status}: ${JSON.stringify(event.response)}`);
  return event.response as PlanRanksResult;
}

/** The ranked plans' table (1280 px wide is above the table breakpoint) and its body rows. */
const planTable = (scope: Page | Locator) => scope.getByRole('table', { name: LIST_LABEL });
const planRowsOf = (scope: Page | Locator) => planTable(scope).locator('tbody tr');

/** The progress bar shows while the ranking is fetched, then gives way to the list. */
async function expectProgressThenList(scope: Page | Locator, timeout = 180_000): Promise<void> {
  await scope.getByRole('progressbar', { name: PROGRESS_LABEL }).waitFor({ timeout: 30_000 });
  await planTable(scope).waitFor({ timeout });
  expect(await scope.getByRole('progressbar', { name: PROGRESS_LABEL }).count()).toBe(0);
}

describe('Medicare plans: ranks on the dashboard and the list, plan details, searches, broker lead, contact form', () => {
  let browser: Browser;
  let account: NewAccount;
  let ranking: PlanRanksResult;
  let plans: PlanRankRow[];

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
    // The first ranking of the run loads the plan catalogue: done here, through the API, with a generous wait.
    ranking = await completeRanking(account.token);
    if (rankedRows(ranking).length <= PLAN_RANKS_PAGE_SIZE) {
      // Load more needs a county with more than one page of plans; the ranking follows the profile's newest ZIP.
      await apiPut(account.token, '/api/updateUserProfile', { postal_code: BIG_COUNTY_ZIP });
      ranking = await completeRanking(account.token);
      expect(ranking.place.zip).toBe(BIG_COUNTY_ZIP);
    }
    expect(ranking.place.source).toBe('profile');
    plans = rankedRows(ranking);
    expect(plans.length).toBeGreaterThan(PLAN_RANKS_PAGE_SIZE);
    expect(plans.map((row) => row.rank)).toEqual(plans.map((_, index) => index + 1));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const withPage = async (fn: (page: Page) => Promise<void>, member: NewAccount = account, width?: number) => {
    const { context, page } = await newPage(browser, width);
    try {
      await signIn(page, member);
      await fn(page);
    } finally {
      await context.close();
    }
  };

  it('the dashboard card shows the ranks progress, then the 5 cheapest plans, and links to /medicareOptions', async () => {
    await withPage(async (page) => {
      await page.goto('/app/dashboard');
      const card = page.getByRole('region', { name: TITLE });
      await expectProgressThenList(card);
      const shown = Math.min(PLAN_RANKS_DASHBOARD_COUNT, plans.length);
      expect(await planRowsOf(card).count()).toBe(shown);
      expect(await planRowsOf(card).getByRole('link').allTextContents()).toEqual(plans.slice(0, shown).map(nameOf));
      await card.getByText(`Showing the ${shown} lowest-cost of ${plans.length} plans.`).waitFor();
      // The county as the data names it ("Albany County", as the Census writes it): its kind said once.
      await card.getByText(`Plans offered in ${countyName(ranking.place.county)}, ${ranking.place.state}.`, { exact: true }).waitFor();
      await card.getByRole('link', { name: `See all ${TITLE}` }).click();
      await page.waitForURL((url) => url.pathname === '/medicareOptions');
    });
  });

  it('/medicareOptions shows 10 plans cheapest first; Load more adds 10', async () => {
    await withPage(async (page) => {
      await page.goto('/medicareOptions');
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await expectProgressThenList(page);
      const rows = planRowsOf(page);
      expect(await rows.count()).toBe(PLAN_RANKS_PAGE_SIZE);
      await page.getByText(`Showing ${PLAN_RANKS_PAGE_SIZE} of ${plans.length} plans`).waitFor();

      await page.getByRole('button', { name: 'Load more' }).click();
      const more = Math.min(2 * PLAN_RANKS_PAGE_SIZE, plans.length);
      await rows.nth(more - 1).waitFor();
      expect(await rows.count()).toBe(more);
      await page.getByText(`Showing ${more} of ${plans.length} plans`).waitFor();
      // The ranks and names are the API's, in its order (cheapest first).
      expect(await rows.locator('td:first-child').allTextContents()).toEqual(plans.slice(0, more).map((row) => String(row.rank)));
      expect(await rows.getByRole('link').allTextContents()).toEqual(plans.slice(0, more).map(nameOf));
    });
  });

  it('opens a plan: cost breakdown, how we estimated it with the data date, a doctor and a drug search, and a broker lead the CRM receives', async () => {
    // A plan with drug coverage among the first page, so the drug search has tiers to estimate.
    const plan = plans.slice(0, PLAN_RANKS_PAGE_SIZE).find((row) => row.category === 'MA-PD' || row.category === 'PDP');
    if (!plan)
      throw new Error(`none of the first ${PLAN_RANKS_PAGE_SIZE} plans covers drugs: ${plans.map((row) => row.category).join(', ')}`);
    const name = nameOf(plan);
    const total = shownMoney(plan.columns[PLAN_COLUMN.totalEstCost]!);
    const phone = `312555${String(Date.now()).slice(-4)}`;

    await withPage(async (page) => {
      await page.goto('/medicareOptions');
      const row = planRowsOf(page).nth(plan.rank - 1);
      await row.waitFor({ timeout: 120_000 });
      await row.getByRole('link', { name, exact: true }).click();
      const { hNumber, planIdentifier } = splitBidId(plan.bidId);
      await page.waitForURL(
        (url) =>
          url.pathname === '/planDetails' &&
          url.searchParams.get('hNumber') === hNumber &&
          url.searchParams.get('planIdentifier') === planIdentifier,
      );
      await page.getByRole('heading', { level: 1, name }).waitFor();

      // The cost breakdown: the ranking's total, a month and a year.
      const breakdown = page.getByRole('region', { name: 'Cost breakdown' });
      const costs = breakdown.getByRole('table', { name: `Estimated costs of ${name}, a month and a year` });
      expect(await costs.getByRole('row', { name: /^Estimated total/ }).textContent()).toContain(total);

      // How we estimated this: the same total, and the date of the plan data.
      const estimate = page.getByRole('region', { name: 'How we estimated this' });
      await estimate
        .getByText(`2026 plan data as of ${shownDate(ranking.dataAsOf)}. These are estimates, not quotes.`)
        .waitFor({ timeout: 30_000 });
      const estimatedTotal = estimate
        .locator('dl > div', { has: page.locator('dt', { hasText: /^Estimated yearly cost$/ }) })
        .locator('dd');
      expect(await estimatedTotal.textContent()).toBe(total);

      // A doctor the NPPES sample registers in the member's state: the search looks there.
      const doctors = page.getByRole('region', { name: 'Find your doctor in this plan’s network' });
      const doctor = sampleDoctorIn(ranking.place.state);
      await doctors.getByRole('textbox', { name: 'Doctor’s name' }).fill(doctor?.lastName ?? 'Smith');
      await doctors.getByRole('button', { name: 'Search' }).click();
      if (doctor) {
        const found = doctors.getByRole('table', { name: `Results for “${doctor.lastName}”` });
        await found.waitFor({ timeout: 30_000 });
        await found.getByRole('cell', { name: doctor.npi, exact: true }).waitFor();
      } else {
        // Nobody in the sample for this state: the search still ends, with the spec's status text.
        await doctors.getByText(PlanTexts.searchNoProviders).waitFor({ timeout: 30_000 });
      }

      // A drug: this plan's row, with its estimated tier.
      const drugs = page.getByRole('region', { name: 'Check a drug on this plan’s formulary' });
      await drugs.getByRole('textbox', { name: 'Drug name' }).fill('atorvastatin');
      await drugs.getByRole('button', { name: 'Search' }).click();
      const drugTable = drugs.getByRole('table', { name: 'Results for “atorvastatin”' });
      await drugTable.waitFor({ timeout: 30_000 });
      const headers = await drugTable.getByRole('columnheader').allTextContents();
      const tierAt = headers.indexOf('Estimated tier');
      expect(tierAt).toBeGreaterThanOrEqual(0);
      const drugRow = drugTable.locator('tbody tr').filter({ hasText: name });
      expect(await drugRow.count()).toBe(1);
      expect(await drugRow.locator('td').nth(tierAt).textContent()).toMatch(/^Tier \d+ \(.+\)$/);

      // Switch To This Plan: the broker lead dialog.
      await page.getByRole('button', { name: 'Switch To This Plan' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Talk to a licensed broker' });
      await dialog.getByRole('textbox', { name: 'Phone number' }).fill(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
      await dialog.getByRole('button', { name: 'Ask a broker to call me' }).click();
      await dialog.getByText(PlanTexts.leadSent).waitFor({ timeout: 30_000 });
    });

    // The sandbox CRM received it (delivered by a background job): the member, and the plan they asked from.
    const leads = await waitForCrmLeads(phone);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.lead).toMatchObject({
      phone,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      plan: { bidId: plan.bidId, name, carrier: carrierOf(plan) },
    });
  });

  it('a member with no address fills the contact form; the progress bar, then the plans of their county', async () => {
    const member = await signUpTestUser();
    await withPage(async (page) => {
      await page.goto('/medicareOptions');
      const form = page.getByRole('form', { name: CONTACT_TITLE });
      await form.waitFor({ timeout: 60_000 });
      await form.getByText(PlanTexts.missingZip).waitFor();
      // The birth date starts at 01/01/2001 (part 2 §5).
      for (const [label, value] of [
        ['Day', '01'],
        ['Month', '01'],
        ['Year', '2001'],
      ]) {
        expect(await form.getByRole('textbox', { name: label }).inputValue()).toBe(value);
      }
      // Every field is required: the first one missing is named.
      await form.getByRole('button', { name: 'Find my plans' }).click();
      await form.getByText(PlanTexts.fieldRequired).waitFor();

      await form.getByRole('radio', { name: 'Female' }).check();
      await form.getByRole('textbox', { name: 'Street address' }).fill(LARAMIE.street);
      await form.getByRole('textbox', { name: 'City' }).fill(LARAMIE.city);
      await form.getByRole('combobox', { name: 'State' }).selectOption(LARAMIE.state);
      await form.getByRole('textbox', { name: 'ZIP code' }).fill(LARAMIE.zip);
      await form.getByRole('button', { name: 'Find my plans' }).click();

      await expectProgressThenList(page);
      const laramie = await completeRanking(member.token);
      expect(laramie.place).toMatchObject({ zip: LARAMIE.zip, state: LARAMIE.state, source: 'contact' });
      const rows = rankedRows(laramie);
      expect(rows.length).toBeGreaterThan(0);
      const shown = Math.min(PLAN_RANKS_PAGE_SIZE, rows.length);
      expect(await planRowsOf(page).count()).toBe(shown);
      expect(await planRowsOf(page).getByRole('link').allTextContents()).toEqual(rows.slice(0, shown).map(nameOf));
      expect(await page.getByRole('form', { name: CONTACT_TITLE }).isVisible()).toBe(false);
    }, member);
  });

  // WCAG 1.4.10: at the narrowest phone the product supports (and 200% zoom of a 720 px window) the plan list and a
  // plan's page never scroll sideways; their wide tables scroll in their own region.
  it('/medicareOptions and /planDetails fit a 360 px screen', async () => {
    const { hNumber, planIdentifier } = splitBidId(plans[0]!.bidId);
    for (const path of ['/medicareOptions', `/planDetails?hNumber=${hNumber}&planIdentifier=${planIdentifier}`]) {
      await withPage(
        async (page) => {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect({ path, fits: scrollWidth <= PHONE_WIDTH, scrollWidth }).toEqual({ path, fits: true, scrollWidth });
        },
        account,
        PHONE_WIDTH,
      );
    }
  });
});
