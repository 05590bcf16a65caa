import type { Browser, Page } from 'playwright-core';
import { appUrls, launchBrowser, newPage } from './support/browser';
import { signUpTestUser } from './support/accounts';

describe('platform: shell, remotes and API on one origin', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const withPage = async (fn: (page: Page) => Promise<void>, width?: number): Promise<void> => {
    const { context, page } = await newPage(browser, width);
    try {
      await fn(page);
    } finally {
      await context.close();
    }
  };

  it('serves the API and a no-cache remotes.json from the same origin', async () => {
    const { baseUrl } = appUrls();
    const ping = await fetch(`${baseUrl}/api/pingServer`);
    expect(ping.status).toBe(200);
    const remotes = await fetch(`${baseUrl}/remotes.json`);
    expect(remotes.headers.get('cache-control')).toContain('no-cache');
    const manifest = (await remotes.json()) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(['mfe_dashboard', 'mfe_debug', 'mfe_public']);
    for (const url of Object.values(manifest)) {
      expect((await fetch(`${baseUrl}${url}`)).status).toBe(200);
    }
  });

  it('shows the shell with the public remote home, and deep links work', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Get Started' }).waitFor();
      expect(await page.getByRole('link', { name: 'Who We Are' }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(true);

      await page.goto('/about');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(page.url()).toMatch(/\/about$/);
    });
  });

  it('sends a visitor from /app/dashboard to /, and shows it with a valid session', async () => {
    await withPage(async (page) => {
      await page.goto('/app/dashboard');
      await page.getByRole('link', { name: 'Get Started' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      const { token } = await signUpTestUser();
      await page.evaluate((t) => localStorage.setItem('userToken', t), token);
      await page.goto('/app/dashboard');
      await page.getByRole('heading', { name: /^Welcome/, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/dashboard');
    });
  });

  it('keeps the shell usable when a remote manifest URL in remotes.json is broken, and Retry recovers', async () => {
    await withPage(async (page) => {
      const { baseUrl } = appUrls();
      const real = (await (await fetch(`${baseUrl}/remotes.json`)).json()) as Record<string, string>;
      const broken = { ...real, mfe_public: '/remotes/mfe_public/0.0.0-missing/mf-manifest.json' };
      await page.route('**/remotes.json', (route) => route.fulfill({ json: broken, headers: { 'cache-control': 'no-cache' } }));

      await page.goto('/');
      await page.getByText('This section is unavailable').waitFor();
      expect(await page.getByRole('banner').isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(true);

      // The header still navigates, and another remote still renders.
      const { token } = await signUpTestUser();
      await page.evaluate((t) => localStorage.setItem('userToken', t), token);
      await page.goto('/app/dashboard');
      await page.getByRole('heading', { name: /^Welcome/, level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Contact' }).first().click();
      await page.getByText('This section is unavailable').waitFor();

      // The manifest comes back (e.g. the release finished): Retry loads the area without a page reload.
      await page.unroute('**/remotes.json');
      const brokenDir = broken.mfe_public.replace(/mf-manifest\.json$/, '');
      const realDir = real.mfe_public!.replace(/mf-manifest\.json$/, '');
      await page.route(`**${brokenDir}**`, (route) => route.continue({ url: route.request().url().replace(brokenDir, realDir) }));
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByText('This section is unavailable').count()).toBe(0);
    }, 360);
  });
});
