import type { Page } from 'playwright-core';
import { INSURER_CATALOGUE, INSURER_NAMES, type InsurerKey } from '@healthlink/contracts';
import { appUrls } from './browser';

/** A signed-in GET of the product's API, as the pages make it; fails with the answer on a non-2xx. */
export async function apiGet<T>(token: string, route: string): Promise<T> {
  const res = await fetch(`${appUrls().baseUrl}${route}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Links an insurer as a member would: the insurance page (its sandbox toggle on for a sandbox entry), the sandbox's
 * real sign-in page as `member`, then the callback's progress until it lands on the dashboard.
 */
export async function linkInsurer(page: Page, insurer: InsurerKey, member: string, timeout = 150_000): Promise<void> {
  await page.goto('/insuranceSelect');
  await page.getByRole('heading', { level: 1, name: 'Choose Your Insurance Company' }).waitFor();
  if (INSURER_CATALOGUE.find((entry) => entry.id === insurer)?.sandbox) {
    await page.getByRole('switch', { name: 'Show sandbox insurers' }).check();
  }
  await page.getByRole('searchbox', { name: 'Search insurers' }).fill(INSURER_NAMES[insurer]);
  await page.getByRole('button', { name: INSURER_NAMES[insurer], exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/insurers/${insurer}/authorize`);
  await page.getByRole('radio', { name: new RegExp(`(^|\\s)${member}(\\s|$)`) }).check();
  await page.getByLabel('Password', { exact: true }).fill('any-password-1');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL((url) => url.pathname === '/app/dashboard', { timeout });
}
