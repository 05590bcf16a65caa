import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import {
  FETCH_SETS,
  INSURER_NAMES,
  INSURER_CATALOGUE,
  type ExplanationOfBenefitsResponse,
  type HealthServiceEntry,
  type InsurerKey,
  type RxHistoryEntry,
  type UserDrugsResponse,
} from '@healthlink/contracts';
import { appUrls, launchBrowser, newPage } from './support/browser';
import { signUpTestUser } from './support/accounts';

jest.setTimeout(300_000);

const path = (page: Page) => new URL(page.url()).pathname;

/** A signed-in call to the product's API, as the web would make it. */
async function api<T>(token: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${appUrls().baseUrl}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface HealthData {
  claims: HealthServiceEntry[];
  drugs: RxHistoryEntry[];
  patientInfo: unknown[];
}

async function healthData(token: string): Promise<HealthData> {
  const [{ EOB }, { queryRes }, { patientInfoEntry }] = await Promise.all([
    api<ExplanationOfBenefitsResponse>(token, '/api/explanationOfBenefits'),
    api<UserDrugsResponse>(token, '/api/userDrugs'),
    api<{ patientInfoEntry: unknown[] }>(token, '/api/patientInfo'),
  ]);
  return { claims: EOB, drugs: queryRes, patientInfo: patientInfoEntry };
}

const isSandboxEntry = (key: InsurerKey) => INSURER_CATALOGUE.find((entry) => entry.id === key)?.sandbox === true;

/** On /insuranceSelect: finds the insurer by name (the sandbox ones need the toggle) and picks it. */
async function chooseInsurer(page: Page, key: InsurerKey): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Choose Your Insurance Company' }).waitFor();
  const toggle = page.getByRole('switch', { name: 'Show sandbox insurers' });
  if (isSandboxEntry(key) && !(await toggle.isChecked())) await toggle.check();
  await page.getByRole('searchbox', { name: 'Search insurers' }).fill(INSURER_NAMES[key]);
  await page.getByRole('button', { name: INSURER_NAMES[key], exact: true }).click();
}

/** The sandbox insurer's sign-in page: pick a synthetic member, any password, Approve or Deny. */
async function answerAtInsurer(
  page: Page,
  key: InsurerKey,
  { member, decision }: { member: string; decision: 'Approve' | 'Deny' },
): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/insurers/${key}/authorize`);
  await page.getByRole('heading', { level: 1, name: `Sign in to ${INSURER_NAMES[key]}` }).waitFor();
  // Each member's label carries its username (and its name and what it holds).
  await page.getByRole('radio', { name: new RegExp(`(^|\\s)${member}(\\s|$)`) }).check();
  await page.getByLabel('Password', { exact: true }).fill('any-password-1');
  await page.getByRole('button', { name: decision }).click();
}

/** Back at /intermediary/{key}: the progress bar runs to 100% ("Redirecting") and the dashboard follows. */
async function watchProgress(page: Page, key: InsurerKey): Promise<number[]> {
  await page.waitForURL((url) => url.pathname === `/intermediary/${key}`);
  const bar = page.getByRole('progressbar');
  await bar.waitFor();
  const seen = new Set<number>();
  const deadline = Date.now() + 90_000;
  while (path(page) === `/intermediary/${key}` && Date.now() < deadline) {
    const value = await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null);
    if (value !== null) seen.add(Number(value));
    if (await page.getByRole('heading', { name: 'Error Gathering Data' }).isVisible()) {
      throw new Error(`the callback failed: ${await page.getByRole('alert').first().textContent()}`);
    }
    await page.waitForTimeout(100);
  }
  await page.waitForURL((url) => url.pathname === '/app/dashboard', { timeout: 5_000 });
  return [...seen].sort((a, b) => a - b);
}

describe('insurers: a patient links insurers and their data arrives', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, links the Medicare Sandbox through its login page, watches the progress and gets the data', async () => {
    const { context, page } = await newPage(browser);
    const email = `linker.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Harbor-Lantern-74';
    try {
      await page.goto('/register');
      await page.getByLabel('First Name').fill('Mabel');
      await page.getByLabel('Last Name').fill('Linker');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(password);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL('**/healthSetup');
      await page.getByRole('link', { name: 'Link insurance' }).click();
      await page.waitForURL('**/insuranceSelect');

      // The sandbox insurers stay out of the list until asked for.
      await page.getByRole('heading', { level: 1, name: 'Choose Your Insurance Company' }).waitFor();
      await page.getByRole('button', { name: 'Aetna', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: INSURER_NAMES.blueButtonSandbox, exact: true }).count()).toBe(0);

      await chooseInsurer(page, 'blueButtonSandbox');
      await answerAtInsurer(page, 'blueButtonSandbox', { member: 'member-small', decision: 'Approve' });
      const progress = await watchProgress(page, 'blueButtonSandbox');
      expect(progress).toContain(100);
      expect(progress.every((value) => value === 0 || value >= 20)).toBe(true);

      const token = await page.evaluate(() => localStorage.getItem('userToken'));
      expect(token).toBeTruthy();
      const data = await healthData(token!);
      expect(data.claims.length).toBeGreaterThan(0);
      expect(data.claims.every((claim) => claim.insurer === 'blueButtonSandbox')).toBe(true);
      expect(data.patientInfo.length).toBeGreaterThan(0);

      // Linked now: it comes first, under "Linked".
      await page.goto('/insuranceSelect');
      await page.getByRole('switch', { name: 'Show sandbox insurers' }).check();
      const linked = page.getByRole('region', { name: 'Linked' });
      await linked.getByRole('button', { name: INSURER_NAMES.blueButtonSandbox, exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  // One insurer of each of the other fetch sets (spec part 2 §4's table).
  it.each<[InsurerKey, string]>([
    ['uhcSandbox', 'member-typical'],
    ['humana', 'member-small'],
    ['cignaSandbox', 'member-small'],
    ['aetnaSandbox', 'member-typical'],
    ['kaiserSandbox', 'member-small'],
  ])('links %s (%s) and its set of data arrives', async (key, member) => {
    const account = await signUpTestUser();
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('userToken', t), account.token);
      await page.goto('/insuranceSelect');
      await chooseInsurer(page, key);
      await answerAtInsurer(page, key, { member, decision: 'Approve' });
      expect(await watchProgress(page, key)).toContain(100);

      const set = FETCH_SETS[key];
      const data = await healthData(account.token);
      expect(data.claims.length).toBeGreaterThan(0);
      expect(data.claims.every((claim) => claim.insurer === key)).toBe(true);
      if (set.includes('getPatientInformation')) expect(data.patientInfo.length).toBeGreaterThan(0);
      if (set.includes('getPatientDrugs')) {
        expect(data.drugs.length).toBeGreaterThan(0);
        expect(data.drugs.every((drug) => drug.insurer === key)).toBe(true);
      }
      expect(await api(account.token, '/api/insurerDataFetch/checkToken', { insurers: [key, 'anthemSandbox'] })).toEqual({
        [key]: true,
        anthemSandbox: false,
      });
    } finally {
      await context.close();
    }
  });

  it('shows Error Gathering Data when the member denies access at the insurer', async () => {
    const account = await signUpTestUser();
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('userToken', t), account.token);
      await page.goto('/insuranceSelect');
      await chooseInsurer(page, 'kaiserSandbox');
      await answerAtInsurer(page, 'kaiserSandbox', { member: 'member-small', decision: 'Deny' });
      await page.waitForURL((url) => url.pathname === '/intermediary/kaiserSandbox');
      await page.getByRole('heading', { level: 1, name: 'Error Gathering Data' }).waitFor();
      const alert = page.getByRole('alert').filter({ hasText: 'Error:' });
      expect(await alert.textContent()).toContain('Error: access_denied');
      expect(await alert.textContent()).toContain('Description: The member denied access');
      await page.getByRole('link', { name: 'Select Another Insurance' }).click();
      await page.waitForURL('**/insuranceSelect');
      expect((await healthData(account.token)).claims).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
