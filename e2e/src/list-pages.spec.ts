import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { type DrugInteractionsResponse, type ExplanationOfBenefitsPage, type InsurerKey, type UserDrugsPage } from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';
import { apiGet, linkInsurer } from './support/linking';

jest.setTimeout(300_000);

// An insurer whose fetch set brings claims and drugs, and a member with 3 years of both.
const INSURER: InsurerKey = 'uhcSandbox';
const MEMBER = 'member-typical';

/** A signed-in read of the product's API, as the web makes it. */
async function signIn(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('userToken', token), account.token);
}

/** Opens a list page and waits for its title. */
async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('main').getByRole('heading', { level: 1, name: title }).waitFor();
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

const claims = (page: Page) => page.getByRole('list', { name: 'Claims' }).getByRole('listitem');
const prescriptions = (page: Page) => page.getByRole('list', { name: 'Prescriptions' }).getByRole('article');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

// The ONC lists grade interactions major or moderate only: the page is shown every level (minor and unknown too) by
// answering the interactions API in the browser. The real check is tested in backend/test/e2e/pricing.e2e-spec.ts.
const INTERACTIONS: DrugInteractionsResponse = {
  interactions: [
    { drug_a: 'Lisinopril', drug_b: 'Potassium Chloride', level: 'moderate' },
    { drug_a: 'Warfarin', drug_b: 'Aspirin', level: 'major' },
    { drug_a: 'Aspirin', drug_b: 'Ibuprofen', level: 'minor' },
    { drug_a: 'Simvastatin', drug_b: 'Amlodipine', level: 'unknown' },
  ],
  asOf: '2014-04-04',
  source: 'the ONC drug-drug interaction lists',
  unchecked: ['Fish oil'],
};
const serveInteractions = (page: Page) =>
  page.route('**/api/drugInteractions', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(INTERACTIONS) }),
  );

describe('list pages: /rxHistory, /rxInteractions, /healthHistory', () => {
  let browser: Browser;
  let account: NewAccount;
  let totals: { claims: number; drugs: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await signUpTestUser();
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, account);
      await linkInsurer(page, INSURER, MEMBER);
    } finally {
      await context.close();
    }
    const [eob, drugs] = await Promise.all([
      apiGet<ExplanationOfBenefitsPage>(account.token, '/api/explanationOfBenefits?limit=1'),
      apiGet<UserDrugsPage>(account.token, '/api/userDrugs?limit=1'),
    ]);
    totals = { claims: eob.total, drugs: drugs.total };
    // Load more twice needs more than 10 of each.
    expect(totals.claims).toBeGreaterThan(10);
    expect(totals.drugs).toBeGreaterThan(10);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const withPage = async (fn: (page: Page) => Promise<void>, width = 1280, height = 900) => {
    const { context, page } = await newPage(browser, width, height);
    try {
      await signIn(page, account);
      await fn(page);
    } finally {
      await context.close();
    }
  };

  it('/rxHistory: 5 prescriptions, Load more adds 5 and moves focus to the first new one, the sort toggles, Back goes home', async () => {
    await withPage(async (page) => {
      await open(page, '/rxHistory', 'Rx History');
      await prescriptions(page).nth(4).waitFor();
      expect(await prescriptions(page).count()).toBe(5);
      await page.getByText(`Showing 5 of ${totals.drugs} prescriptions`).waitFor();

      await page.getByRole('button', { name: 'Load more' }).click();
      await prescriptions(page).nth(9).waitFor();
      expect(await prescriptions(page).count()).toBe(10);
      expect(await focusedText(page)).toBe(await prescriptions(page).nth(5).getByRole('heading').textContent());

      const newest = await page.getByRole('list', { name: 'Prescriptions' }).locator('dd').nth(1).textContent();
      await Promise.all([
        page.waitForResponse((res) => res.url().includes('/api/userDrugs') && res.url().includes('sort=oldest')),
        page.getByRole('button', { name: 'Oldest first' }).click(),
      ]);
      await page.locator('.rx-history__list:not([aria-busy])').waitFor();
      expect(await page.getByRole('button', { name: 'Oldest first' }).getAttribute('aria-pressed')).toBe('true');
      expect(await prescriptions(page).count()).toBe(5);
      const oldest = await page.getByRole('list', { name: 'Prescriptions' }).locator('dd').nth(1).textContent();
      expect(new Date(oldest!).getTime()).toBeLessThanOrEqual(new Date(newest!).getTime());

      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/app/dashboard');
    });
  });

  it('/healthHistory: 5 claims, Load more adds 5, a claim opens to its diagnoses and procedures', async () => {
    await withPage(async (page) => {
      await open(page, '/healthHistory', 'Health History');
      await claims(page).nth(4).waitFor();
      expect(await claims(page).count()).toBe(5);
      await page.getByRole('button', { name: 'Load more' }).click();
      await claims(page).nth(9).waitFor();
      expect(await claims(page).count()).toBe(10);

      const first = claims(page).first().getByRole('button');
      await first.click();
      expect(await first.getAttribute('aria-expanded')).toBe('true');
      const panel = page.locator(`[id="${await first.getAttribute('aria-controls')}"]`);
      await panel.getByRole('heading', { name: 'Diagnoses' }).waitFor();
      await panel.getByRole('heading', { name: 'Procedures' }).waitFor();
    });
  });

  it('/healthHistory?search= searches on the server and keeps the search in the URL', async () => {
    const [claim] = (await apiGet<ExplanationOfBenefitsPage>(account.token, '/api/explanationOfBenefits?limit=1')).EOB;
    const code = claim.diagnoses[0]?.diagnosis_code ?? claim.procedures[0]?.procedure_code;
    expect(code).toBeTruthy();
    const expected = await apiGet<ExplanationOfBenefitsPage>(
      account.token,
      `/api/explanationOfBenefits?limit=1&search=${encodeURIComponent(code!)}`,
    );
    await withPage(async (page) => {
      await open(page, '/healthHistory', 'Health History');
      await claims(page).first().waitFor();
      await page.getByRole('searchbox', { name: 'Search your health history' }).fill(code!);
      await page.waitForURL((url) => url.searchParams.get('search') === code);
      const noun = expected.total === 1 ? 'matching claim' : 'matching claims';
      await page.getByText(`of ${expected.total} ${noun}`).waitFor();

      // The URL alone gives the same list.
      await page.reload();
      await page.getByText(`of ${expected.total} ${noun}`).waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search your health history' }).inputValue()).toBe(code);
    });
  });

  it('/healthHistory?serviceID= opens that claim, scrolls to it and moves focus to it', async () => {
    const { EOB } = await apiGet<ExplanationOfBenefitsPage>(account.token, '/api/explanationOfBenefits?limit=8');
    const target = EOB[7];
    await withPage(async (page) => {
      await open(page, `/healthHistory?serviceID=${encodeURIComponent(target.id)}`, 'Health History');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-expanded') === 'true');
      expect(await claims(page).count()).toBe(10);
      expect(await page.locator(':focus').isVisible()).toBe(true);
      // The scroll is smooth (unless the member prefers reduced motion): wait for it to bring the claim into view.
      await page.waitForFunction(() => {
        const box = document.activeElement?.getBoundingClientRect();
        return !!box && box.top >= 0 && box.top < window.innerHeight;
      });
      expect(
        await claims(page)
          .nth(7)
          .getByRole('button')
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
    });
  });

  it('/rxInteractions: every interaction, its level as a word, and an FDA label search per drug in a new tab', async () => {
    await withPage(async (page) => {
      await serveInteractions(page);
      await open(page, '/rxInteractions', 'Rx Interactions');
      const items = page.getByRole('list', { name: 'Drug interactions' }).getByRole('article');
      await items.nth(3).waitFor();
      expect(await items.getByRole('heading').allTextContents()).toEqual([
        'Warfarin and Aspirin',
        'Lisinopril and Potassium Chloride',
        'Aspirin and Ibuprofen',
        'Simvastatin and Amlodipine',
      ]);
      expect(await items.getByText(/ interaction$/).allTextContents()).toEqual([
        'Major interaction',
        'Moderate interaction',
        'Minor interaction',
        'Unknown interaction',
      ]);
      const fda = page.getByRole('link', { name: 'Look up Warfarin at the FDA (opens in a new tab)' });
      expect(await fda.getAttribute('target')).toBe('_blank');
      expect(new URL((await fda.getAttribute('href'))!).searchParams.get('searchterm')).toBe('Warfarin');
    });
  });

  it('a failed fetch on a list page shows the failure and one toast', async () => {
    await withPage(async (page) => {
      await page.route('**/api/userDrugs**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL.UNEXPECTED","message":"x"}' }),
      );
      await open(page, '/rxHistory', 'Rx History');
      await page.getByText('Something went wrong with fetching your Rx History. Please try again later.').waitFor();
      await page.getByText('There was an error retrieving some of your data. Please try again later.').waitFor();
      expect(await page.getByText('There was an error retrieving some of your data. Please try again later.').count()).toBe(1);
    });
  });

  describe('accessibility', () => {
    it.each([1280, 375])('the three list pages at %dpx have no axe violations and no sideways scrolling', async (width) => {
      await withPage(async (page) => {
        await serveInteractions(page);
        await open(page, '/rxHistory', 'Rx History');
        await prescriptions(page).nth(4).waitFor();
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page);

        await open(page, '/rxInteractions', 'Rx Interactions');
        await page.getByRole('list', { name: 'Drug interactions' }).waitFor();
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page);

        await open(page, '/healthHistory', 'Health History');
        await claims(page).nth(4).waitFor();
        await claims(page).first().getByRole('button').click();
        await expectNoAxeViolations(page);
        await expectNoSidewaysScroll(page);
      }, width);
    });

    it('at 200% zoom (640 CSS pixels) the lists reflow without sideways scrolling', async () => {
      await withPage(
        async (page) => {
          await open(page, '/rxHistory', 'Rx History');
          await prescriptions(page).nth(4).waitFor();
          await expectNoSidewaysScroll(page);
          await open(page, '/healthHistory', 'Health History');
          await claims(page).first().getByRole('button').click();
          await expectNoSidewaysScroll(page);
        },
        640,
        450,
      );
    });

    it('/healthHistory by keyboard alone: reach a claim, open it, Load more, and read on from the first new claim', async () => {
      await withPage(async (page) => {
        await open(page, '/healthHistory', 'Health History');
        await claims(page).nth(4).waitFor();
        const firstClaim = claims(page).first().getByRole('button');
        const isFocused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement);

        // Tab from the top of the page, noting what takes focus on the way.
        const visited: string[] = [];
        let presses = 0;
        while (!(await isFocused(firstClaim))) {
          await page.keyboard.press('Tab');
          presses += 1;
          expect(presses).toBeLessThan(60);
          visited.push(
            await page.evaluate(() => {
              const el = document.activeElement as HTMLElement | null;
              return el?.getAttribute('type') === 'search' ? 'search field' : (el?.textContent?.trim() ?? '');
            }),
          );
        }
        expect(visited).toEqual(expect.arrayContaining(['Back to Dashboard', 'search field']));
        await page.keyboard.press('Enter');
        expect(await firstClaim.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Space');
        expect(await firstClaim.getAttribute('aria-expanded')).toBe('false');

        const loadMore = page.getByRole('button', { name: 'Load more' });
        while (!(await isFocused(loadMore))) {
          await page.keyboard.press('Tab');
          presses += 1;
          expect(presses).toBeLessThan(80);
        }
        await page.keyboard.press('Enter');
        await claims(page).nth(9).waitFor();
        await page.waitForFunction(
          () => document.activeElement?.closest('li')?.parentElement?.children[5]?.contains(document.activeElement) === true,
        );
        await page.keyboard.press('Enter');
        expect(await claims(page).nth(5).getByRole('button').getAttribute('aria-expanded')).toBe('true');
      });
    });
  });
});
