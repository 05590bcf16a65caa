import type { Browser, Page } from 'playwright-core';
import { PricingTexts, type DrugInteractionsResponse, type UserDrugsPage } from '@healthlink/contracts';
import { signUpTestUser, type NewAccount } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';
import { apiGet, linkInsurer } from './support/linking';

jest.setTimeout(300_000);

// A generic atorvastatin 10 mg package, printed 4-4-2 as on a bottle; it has a NADAC rate in the repo's weekly file.
const ATORVASTATIN_NDC_PRINTED = '0378-3950-05';
const ATORVASTATIN_NDC11 = '00378395005';

async function signIn(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('userToken', token), account.token);
}

const priceTable = (page: Page) => page.getByRole('table', { name: /^Coupon prices for/ });
const rowOf = (page: Page, type: 'Brand' | 'Generic') =>
  priceTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: type, exact: true }) });

/** Searches a coupon card and waits for its brand and generic rows. */
async function searchCoupons(page: Page, drug: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Drug Name' }).fill(drug);
  await page.getByRole('textbox', { name: 'Drug Name' }).press('Enter');
  await priceTable(page).waitFor({ timeout: 30_000 });
}

async function expectPricedRows(page: Page): Promise<void> {
  for (const type of ['Brand', 'Generic'] as const) {
    const row = rowOf(page, type);
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\$\d+\.\d{2}/);
  }
  // Every price shows the date of its data.
  await page
    .getByText(/Prices as of [A-Z][a-z]{2} \d{1,2}, \d{4}/)
    .first()
    .waitFor();
}

describe('drugs and prices: coupon cards, enrollment, manual entry, priced history', () => {
  let browser: Browser;
  let account: NewAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await signUpTestUser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const withPage = async (fn: (page: Page) => Promise<void>, options: { signedIn?: boolean; width?: number } = {}) => {
    const { context, page } = await newPage(browser, options.width ?? 1280, 900);
    try {
      if (options.signedIn !== false) await signIn(page, account);
      await fn(page);
    } finally {
      await context.close();
    }
  };

  it('/drugCoupons, signed out: Atorvastatin shows brand and generic rows with prices and their date; Get Coupon goes to Drug Savings', async () => {
    await withPage(
      async (page) => {
        await page.goto('/drugCoupons');
        await page.getByRole('heading', { name: 'Drug Coupons' }).waitFor();
        await page.getByRole('button', { name: 'Search Coupons' }).click();
        await page.getByText(PricingTexts.drugNameRequired).waitFor();

        await searchCoupons(page, 'Atorvastatin');
        await expectPricedRows(page);
        expect(await priceTable(page).getByRole('columnheader').allTextContents()).toEqual([
          'Drug Name',
          'Brand/Generic',
          'Estimated Retail Cost',
          'Lowest Price w/ Coupon',
          'Coupon',
        ]);

        await rowOf(page, 'Generic')
          .getByRole('button', { name: /^Get Coupon/ })
          .click();
        await page.getByRole('region', { name: 'Drug Savings' }).getByRole('link', { name: 'Sign up to redeem' }).waitFor();

        await page.getByRole('textbox', { name: 'Drug Name' }).fill('Zzqxv notadrug');
        await page.getByRole('button', { name: 'Search Coupons' }).click();
        await page.getByText(PricingTexts.couponNotFound).waitFor({ timeout: 30_000 });
        expect(await priceTable(page).count()).toBe(0);
      },
      { signedIn: false },
    );
  });

  it('/rxCoupons: the Pharmacy column, the phone rule, and enrollment opens the redemption page in a new tab', async () => {
    await withPage(async (page) => {
      await page.goto('/rxCoupons');
      await searchCoupons(page, 'Atorvastatin');
      await expectPricedRows(page);
      expect(await priceTable(page).getByRole('columnheader').allTextContents()).toContain('Pharmacy');

      await rowOf(page, 'Generic')
        .getByRole('button', { name: /^Get Coupon/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Get your coupon' });
      await dialog.getByText(/^We found .+ for \$\d+\.\d{2} out of your pocket$/).waitFor();
      await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('55512');
      await dialog.getByRole('button', { name: 'Get My Coupon' }).click();
      await dialog.getByText(PricingTexts.phoneInvalid).waitFor();

      const phone = `2${String(Date.now()).slice(-9)}`;
      await dialog.getByRole('textbox', { name: 'Phone Number' }).fill(phone);
      const [tab] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('button', { name: 'Get My Coupon' }).click()]);
      await tab.waitForURL(/\/coupons\/redeem\//, { timeout: 30_000 });
      await tab
        .getByText(/coupon/i)
        .first()
        .waitFor();
      await page.getByText('Your coupon opened in a new tab.').waitFor();
    });
  });

  it('/drugEntry: every validation text, then a drug by name and one by an NDC typed with dashes, each saved to the list', async () => {
    await withPage(async (page) => {
      await page.goto('/drugEntry');
      await page.getByRole('heading', { level: 1, name: PricingTexts.lookupTitle }).waitFor();
      const find = page.getByRole('button', { name: 'Find My Drug' });

      await find.click();
      await page.getByText(PricingTexts.fieldRequired).first().waitFor();
      await page.getByLabel('Drug Name').fill('Atorvastatin');
      await page.getByLabel('Dosage').fill('10 mg');
      await find.click();
      await page.getByText(PricingTexts.drugFormRequired).waitFor();
      await page.getByRole('combobox', { name: 'Drug Type' }).selectOption('TABLET');
      await page.getByLabel('Amount Paid').fill('-4');
      await find.click();
      await page.getByText(PricingTexts.pricePaidInvalid).waitFor();
      await page.getByLabel('Amount Paid').fill('42.50');
      await page.getByLabel('NDC').fill('12-34');
      await page.getByLabel('Zipcode').fill('20814');
      await find.click();
      await page.getByText(PricingTexts.ndcInvalid).waitFor();
      await page.getByLabel('NDC').fill('');
      await page.getByLabel('Zipcode').fill('2081');
      await find.click();
      await page.getByText(PricingTexts.zipcodeInvalid).waitFor();
      await page.getByLabel('Zipcode').fill('20814');

      // By name: a list of matches, scrolled into view; choosing one saves it and goes to the dashboard.
      await find.click();
      await page.getByRole('heading', { name: /^\d+ match(es)? found$/ }).waitFor({ timeout: 30_000 });
      await page
        .getByRole('button', { name: /^Choose / })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === '/app/dashboard');

      // By an NDC typed with dashes: the one drug, with its prices.
      await page.goto('/drugEntry');
      await page.getByLabel('Drug Name').fill('atorvastatin');
      await page.getByLabel('Dosage').fill('10 mg');
      await page.getByRole('combobox', { name: 'Drug Type' }).selectOption('TABLET');
      await page.getByLabel('Amount Paid').fill('30');
      await page.getByLabel('NDC').fill(ATORVASTATIN_NDC_PRINTED);
      await page.getByLabel('Zipcode').fill('20814');
      await find.click();
      const results = page.getByRole('region', { name: 'Results' });
      await results.getByText(ATORVASTATIN_NDC11).waitFor({ timeout: 30_000 });
      await results.getByRole('button', { name: 'Save this drug' }).click();
      await page.waitForURL((url) => url.pathname === '/app/dashboard');
    });

    const saved = await apiGet<UserDrugsPage>(account.token, '/api/userDrugs?limit=10');
    expect(saved.total).toBe(2);
    expect(saved.queryRes.map((row) => row.drug_ndc)).toContain(ATORVASTATIN_NDC11);
    const profile = await apiGet<{ patientInfoEntry: { postal_code: string | null }[] }>(account.token, '/api/patientInfo');
    expect(JSON.stringify(profile)).toContain('20814');
  });

  it("a linked member's claims show prices with their date and savings, and at least one real ONC interaction", async () => {
    const member = await signUpTestUser();
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, member);
      // Five years of Medicare claims: brand fills in the drug deductible, spironolactone with potassium chloride.
      await linkInsurer(page, 'blueButtonSandbox', 'member-large');
    } finally {
      await context.close();
    }
    const drugs = await apiGet<UserDrugsPage>(member.token, '/api/userDrugs?limit=100');
    const priced = drugs.queryRes.filter((row) => row.genericDrugBP !== null || row.brandDrugBP !== null);
    expect(priced.length).toBeGreaterThan(0);
    expect(priced.every((row) => row.priceDate !== null && row.priceFormula !== null)).toBe(true);
    expect(drugs.queryRes.some((row) => row.genericSavings !== null || row.brandSavings !== null)).toBe(true);
    const interactions = await apiGet<DrugInteractionsResponse>(member.token, '/api/drugInteractions');
    expect(interactions.interactions.length).toBeGreaterThan(0);

    await withPage(async (page) => {
      await signIn(page, member);
      await page.goto('/rxHistory');
      await page
        .getByRole('button', { name: /How this price was worked out/ })
        .first()
        .waitFor();
      await page
        .getByText(/Price as of/)
        .first()
        .waitFor();
      await page.goto('/rxInteractions');
      await page.getByRole('heading', { level: 1, name: 'Rx Interactions' }).waitFor();
      await page.getByText(interactions.interactions[0]!.drug_a).first().waitFor();
    });
  });
});
