import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { ClinicalTrialsTexts, type InsurerKey, type SpendingResponse } from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';
import { apiGet, linkInsurer } from './support/linking';

jest.setTimeout(300_000);

// Humana's set holds every kind of record the dashboard shows: claims, drugs and the coverage of the current plan.
const INSURER: InsurerKey = 'humana';
const MEMBER = 'member-large'; // "Generated: 5 years of claims"
const SECTIONS = ['Rx History', 'Rx Interactions', 'Health History', 'Medical Tips', 'Clinical Trials', 'Medicare Options'];
const NORMAL_SIDEBAR = ['Add Insurance', 'Rx History', 'Rx Interactions', 'Health History', 'Clinical Trials', 'Medicare Options'];
const AI_SIDEBAR = [
  'Add Insurance',
  'Symptom Monitoring',
  'Recommended Tests',
  'Procedures',
  'Your Medical Data',
  'Rx History',
  'Health History',
];
const FETCH_FAILED = 'There was an error retrieving some of your data. Please try again later';
// The Medicare Options widget's names (mfe-dashboard/src/features/plans/lib/plan-texts.ts).
const PLAN_PROGRESS = 'Ranking the Medicare plans in your county';
const PLAN_LIST = 'Medicare plans ranked by estimated yearly cost';
const PLAN_CONTACT_FORM = 'Tell us where you live';
const PLANS_FAILED = 'Something went wrong with fetching your Medicare plan options. Please try again later.';

const path = (page: Page) => new URL(page.url()).pathname;

/** Signs in through the header's Login modal; a member with an insurer lands on the dashboard. */
async function signIn(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/app/dashboard');
}

async function openDashboard(page: Page, token: string, at = '/app/dashboard'): Promise<void> {
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('userToken', t), token);
  await page.goto(at);
  await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
}

/** Every section has settled: its rows, its empty state or its failure are shown (no loading skeleton left). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.widget-skeleton').length === 0, undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/** Waits until the window has stopped scrolling (a smooth scroll takes a few hundred milliseconds). */
async function scrollSettled(page: Page): Promise<void> {
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const y = await page.evaluate(() => window.scrollY);
    if (y === last) return;
    last = y;
    await page.waitForTimeout(150);
  }
}

const sectionTop = (page: Page, name: string) =>
  page.getByRole('region', { name }).evaluate((el) => Math.round(el.getBoundingClientRect().top));
const focusedText = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const money = (value: string) => {
  const amount = Math.round(Number(value) * 100) / 100;
  return amount === 0 ? '$0' : `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
};

describe('dashboard: a member with five years of claims', () => {
  let browser: Browser;
  let account: NewAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await signUpTestUser();
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('userToken', t), account.token);
      await linkInsurer(page, INSURER, MEMBER, 120_000);
    } finally {
      await context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('logs in, sees the welcome, the current plan and all six sections, minimizes and expands a card; the footer is full width', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, account);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
      // Medicare Options first shows the ranking's progress (at least until the ranks arrive, and then briefly full).
      await page.getByRole('region', { name: 'Medicare Options' }).getByRole('progressbar', { name: PLAN_PROGRESS }).waitFor();
      await settled(page);
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings.filter((h) => SECTIONS.includes(h))).toEqual(SECTIONS);

      await page
        .getByRole('region', { name: 'Your Current Plan' })
        .getByText(/^Your costs from /)
        .waitFor();
      expect(await page.getByText(/Last updated /).count()).toBe(1);
      expect(await page.getByRole('list', { name: 'Prescriptions' }).getByRole('listitem').count()).toBe(3);
      expect(await page.getByRole('list', { name: 'Claims' }).getByRole('listitem').count()).toBe(3);
      // Medical Tips: the member's tips (or the empty state of a member without claims), never its failure text.
      const tips = page.getByRole('region', { name: 'Medical Tips' });
      await tips.getByRole('list', { name: 'Medical tips' }).or(tips.getByText('No Medical Tips yet')).first().waitFor();
      expect(await tips.getByText('Not available yet').count()).toBe(0);
      expect(await tips.getByText('Something went wrong with fetching your Medical Tips. Please try again later.').count()).toBe(0);
      // Medicare Options ranks this member's plans: after the progress bar, the cheapest 5 (or the contact form when
      // the ranking cannot place the member), never its failure text.
      const medicare = page.getByRole('region', { name: 'Medicare Options' });
      const plans = medicare.getByRole('table', { name: PLAN_LIST }).or(medicare.getByRole('list', { name: PLAN_LIST }));
      await plans
        .or(medicare.getByRole('form', { name: PLAN_CONTACT_FORM }))
        .first()
        .waitFor({ timeout: 120_000 });
      expect(await medicare.getByRole('progressbar', { name: PLAN_PROGRESS }).count()).toBe(0);
      if (await plans.count()) {
        const rows = await medicare.getByRole('table', { name: PLAN_LIST }).locator('tbody tr').count();
        expect(rows).toBeGreaterThan(0);
        expect(rows).toBeLessThanOrEqual(5);
      }
      expect(await medicare.getByText('Not available yet').count()).toBe(0);
      expect(await medicare.getByText(PLANS_FAILED).count()).toBe(0);
      // Clinical Trials answers for this member (trials, or what is missing to search them): never its failure text.
      const trials = page.getByRole('region', { name: 'Clinical Trials' });
      await trials.getByRole('list', { name: 'Matched clinical trials' }).or(trials.getByRole('link')).first().waitFor();
      expect(await trials.getByText(ClinicalTrialsTexts.widgetFailed).count()).toBe(0);
      expect(await page.getByText(FETCH_FAILED).count()).toBe(0);

      const claims = page.getByRole('list', { name: 'Claims' });
      await page.getByRole('button', { name: 'Minimize Health History' }).click();
      expect(await page.getByRole('button', { name: 'Expand Health History' }).getAttribute('aria-expanded')).toBe('false');
      expect(await claims.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Expand Health History' }).click();
      expect(await page.getByRole('button', { name: 'Minimize Health History' }).getAttribute('aria-expanded')).toBe('true');
      expect(await claims.isVisible()).toBe(true);

      const footer = await page.getByRole('contentinfo').boundingBox();
      const header = await page.getByRole('banner').boundingBox();
      expect({ footerX: footer?.x, footerWidth: footer?.width, headerWidth: header?.width }).toEqual({
        footerX: 0,
        footerWidth: 1280,
        headerWidth: 1280,
      });
    } finally {
      await context.close();
    }
  });

  it('uses the sidebar in normal and AI mode at 1280px: anchors, focus, collapse to icons', async () => {
    const { context, page } = await newPage(browser);
    try {
      await openDashboard(page, account.token);
      await settled(page);
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      expect(await nav.getByRole('list').first().getByRole('link').allTextContents()).toEqual(NORMAL_SIDEBAR);
      expect(await nav.getByRole('link', { name: 'Add Insurance' }).getAttribute('href')).toBe('/insuranceSelect');

      await nav.getByRole('link', { name: 'Health History' }).click();
      await scrollSettled(page);
      expect(await focusedText(page)).toBe('H2 Health History');
      expect(Math.abs((await sectionTop(page, 'Health History')) - 80)).toBeLessThanOrEqual(2);

      const aside = page.locator('aside.dash-sidebar');
      expect(Math.round((await aside.boundingBox())?.width ?? 0)).toBe(270); // 15rem
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      expect(Math.round((await aside.boundingBox())?.width ?? 0)).toBe(72); // 4rem
      expect(await nav.getByRole('list').first().getByRole('link').allTextContents()).toEqual(NORMAL_SIDEBAR);
      await page.getByRole('button', { name: 'Expand sidebar' }).click();

      await nav.getByRole('link', { name: 'AI view' }).click();
      await page.waitForURL((url) => url.pathname === '/app/aiDashboard');
      const aiNav = page.getByRole('navigation', { name: 'AI dashboard' });
      await aiNav.waitFor();
      expect(await aiNav.getByRole('list').first().getByRole('link').allTextContents()).toEqual(AI_SIDEBAR);
      await settled(page);
      await aiNav.getByRole('link', { name: 'Your Medical Data' }).click();
      await scrollSettled(page);
      expect(await focusedText(page)).toBe('H2 Your Medical Data');
      expect(await page.getByRole('list', { name: 'Prescriptions' }).getByRole('listitem').count()).toBe(3);
      await aiNav.getByRole('link', { name: 'Standard view' }).click();
      await page.waitForURL((url) => url.pathname === '/app/dashboard');
    } finally {
      await context.close();
    }
  });

  it('opens the sidebar as a drawer from the menu bar at 375px; an anchor closes it and lands 120px down', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    try {
      await openDashboard(page, account.token);
      await settled(page);
      expect(await page.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Dashboard menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
      expect(await drawer.getByRole('list').first().getByRole('link').allTextContents()).toEqual(NORMAL_SIDEBAR);
      expect(await axeViolations(page)).toEqual([]);
      await drawer.getByRole('link', { name: 'Clinical Trials' }).click();
      await drawer.waitFor({ state: 'detached' });
      await scrollSettled(page);
      expect(await focusedText(page)).toBe('H2 Clinical Trials');
      expect(Math.abs((await sectionTop(page, 'Clinical Trials')) - 120)).toBeLessThanOrEqual(2);
      // No sideways scrolling at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('walks the sidebar by keyboard alone', async () => {
    const { context, page } = await newPage(browser);
    try {
      await openDashboard(page, account.token);
      await settled(page);
      await page.locator('body').focus();
      let seen = '';
      for (let i = 0; i < 40 && seen !== 'BUTTON Collapse sidebar'; i++) {
        await page.keyboard.press('Tab');
        seen = await focusedText(page);
      }
      expect(seen).toBe('BUTTON Collapse sidebar');
      const walked: string[] = [];
      for (let i = 0; i < NORMAL_SIDEBAR.length; i++) {
        await page.keyboard.press('Tab');
        walked.push(await focusedText(page));
      }
      expect(walked).toEqual(NORMAL_SIDEBAR.map((label) => `A ${label}`));
      // Back to Rx Interactions, and into its section.
      for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
      expect(await focusedText(page)).toBe('A Rx Interactions');
      await page.keyboard.press('Enter');
      await scrollSettled(page);
      expect(await focusedText(page)).toBe('H2 Rx Interactions');
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('BUTTON Minimize Rx Interactions');
      await page.keyboard.press('Enter');
      expect(await page.getByRole('button', { name: 'Expand Rx Interactions' }).getAttribute('aria-expanded')).toBe('false');
    } finally {
      await context.close();
    }
  });

  it('reads "Where your money went" as a table, by month and by year, and reaches the chart by keyboard', async () => {
    const { context, page } = await newPage(browser);
    try {
      const byYear = await apiGet<SpendingResponse>(account.token, '/api/spending?by=year');
      expect(byYear.periods.length).toBeGreaterThanOrEqual(5);
      await openDashboard(page, account.token);
      const spending = page.getByRole('region', { name: 'Where your money went' });
      await spending.getByRole('button', { name: 'Show as table' }).click();
      const monthly = spending.getByRole('table');
      await monthly.waitFor();
      expect(await monthly.locator('tbody tr').count()).toBe(12);
      await spending.getByText(/Data as of /).waitFor();

      await spending.getByRole('button', { name: 'By year' }).click();
      const yearly = spending.getByRole('table', { name: /^What you paid by year/ });
      await yearly.waitFor();
      const first = Number(byYear.periods[0]?.period);
      const last = Number(byYear.periods.at(-1)?.period);
      const rows = yearly.locator('tbody tr');
      expect(await rows.count()).toBe(last - first + 1);
      const firstRow = await rows.first().locator('th, td').allTextContents();
      const p = byYear.periods[0]!;
      expect(firstRow).toEqual([
        p.period,
        money(p.patient_paid),
        money(p.deductible),
        money(p.copay),
        money(p.coinsurance),
        money(p.insurer_paid),
      ]);

      const chart = spending.locator('svg[role="application"]');
      await chart.focus();
      await page.keyboard.press('ArrowRight');
      const tooltip = spending.locator('.recharts-tooltip-wrapper');
      await tooltip.getByText(/^You paid \(out of pocket\)/).waitFor();
      const label = (await tooltip.locator('.recharts-tooltip-label').textContent()) ?? '';
      expect(Array.from({ length: last - first + 1 }, (_, i) => String(first + i))).toContain(label);
    } finally {
      await context.close();
    }
  });

  it.each([1280, 375])('has no axe violations at %dpx', async (width) => {
    const { context, page } = await newPage(browser, width, 900);
    try {
      await openDashboard(page, account.token);
      await settled(page);
      await page.getByRole('region', { name: 'Where your money went' }).getByRole('button', { name: 'Show as table' }).click();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['/api/spending', 'Where your money went', 'Something went wrong with fetching your spending. Please try again later.'],
    ['/api/userDrugs', 'Rx History', 'Something went wrong with fetching your Rx History. Please try again later.'],
  ])('a failing %s gives exactly one toast; the other sections keep working', async (failing, region, message) => {
    const { context, page } = await newPage(browser);
    try {
      await page.route(
        (url) => url.pathname === failing,
        (route) => route.fulfill({ status: 500, json: { code: 'COMMON.INTERNAL', message: 'Internal server error' } }),
      );
      await openDashboard(page, account.token);
      await page.getByRole('region', { name: region }).getByText(message).waitFor();
      await page.getByText(FETCH_FAILED).first().waitFor();
      await settled(page);
      await page.waitForTimeout(1000);
      expect(await page.getByText(FETCH_FAILED).count()).toBe(1);
      expect(await page.getByRole('list', { name: 'Claims' }).getByRole('listitem').count()).toBe(3);
      await page
        .getByRole('region', { name: 'Your Current Plan' })
        .getByText(/^Your costs from /)
        .waitFor();
      if (failing !== '/api/userDrugs')
        expect(await page.getByRole('list', { name: 'Prescriptions' }).getByRole('listitem').count()).toBe(3);
      if (failing !== '/api/spending')
        await page.getByRole('region', { name: 'Where your money went' }).getByRole('button', { name: 'Show as table' }).waitFor();
      expect(path(page)).toBe('/app/dashboard');
    } finally {
      await context.close();
    }
  });
});
