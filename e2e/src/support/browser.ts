import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { APP_URLS_ENV } from './global-setup';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium floods this machine's closed network.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function appUrls(): { baseUrl: string; sandboxUrl: string; dataDir: string } {
  const urls = process.env[APP_URLS_ENV];
  if (!urls) throw new Error(`${APP_URLS_ENV} is not set: run the browser suite through jest (its global setup starts the product)`);
  return JSON.parse(urls);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function newPage(
  browser: Browser,
  width = 1280,
  height = 900,
  baseURL = appUrls().baseUrl,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL });
  const page = await context.newPage();
  return { context, page };
}
