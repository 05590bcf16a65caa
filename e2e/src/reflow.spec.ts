import { APP_ROUTES } from '@healthlink/contracts';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';

jest.setTimeout(120_000);

// WCAG 1.4.10 (Reflow): at 320 CSS px wide nothing may need horizontal scrolling.
const NARROW = 320;
const PUBLIC_PATHS = APP_ROUTES.filter((r) => r.access === 'public' && !r.path.includes(':')).map((r) => r.path);

describe('reflow at 320 px', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PUBLIC_PATHS)('%s is no wider than the viewport', async (path) => {
    const { context, page } = await newPage(browser, NARROW, 640);
    try {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Late content (the site's contact details) can widen a page: let the page settle, bounded.
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      await page.evaluate(() => document.fonts.ready);
      const { scrollWidth, widest } = await page.evaluate((limit) => {
        // What sticks out, to say where to look when this fails.
        const over = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
          .map((el) => {
            const classes = typeof el.className === 'string' ? el.className.split(' ').filter(Boolean) : [];
            return [el.tagName.toLowerCase(), ...classes].join('.');
          });
        return { scrollWidth: document.documentElement.scrollWidth, widest: over.slice(0, 5) };
      }, NARROW);
      // On failure the message names the path and the elements that stick out.
      expect({ path, scrollWidth, widest: scrollWidth > NARROW ? widest : [] }).toEqual({ path, scrollWidth, widest: [] });
      expect(scrollWidth).toBeLessThanOrEqual(NARROW);
    } finally {
      await context.close();
    }
  });
});
